import type { Kysely } from 'kysely';

// The activity log answers amounts as every record does, in rupees (and percent), not in the paise they are kept
// in: lines written from now on are (engine/audit.ts); this turns the lines written before. Frozen: the amounts
// each entity had when it was written, not whatever the schemas hold later.
const AMOUNTS: Record<string, string[]> = {
    gst: ['percent'],
    products: ['price', 'mrp'],
    pincode: ['prize'],
    coupons: ['discountValue', 'minimumAmount'],
    orders: ['totalPrice'],
};

type Changes = Record<string, Record<string, unknown> | null>;
const BATCH = 500;

/** Every amount of a line's changes divided by `by`; null when nothing in it is an amount. */
function scaled(text: string, fields: string[], by: number): string | null {
    let changes: Changes;
    try {
        changes = JSON.parse(text) as Changes;
    } catch {
        return null;
    }
    let touched = false;
    for (const field of fields) {
        const change = changes[field];
        if (!change || typeof change !== 'object') continue;
        for (const side of ['before', 'after']) {
            if (typeof change[side] !== 'number') continue;
            change[side] = Math.round((change[side] as number) * 100 / by) / 100;
            touched = true;
        }
    }
    return touched ? JSON.stringify(changes) : null;
}

/** Walks the lines of the entities with amounts by id, a batch at a time, and writes back those that change. */
async function rescale(db: Kysely<unknown>, by: number): Promise<void> {
    const log = db as unknown as Kysely<{ audit_log: { id: number; entity: string; changes: string | null } }>;
    let after = 0;
    for (;;) {
        const rows = await log
            .selectFrom('audit_log')
            .select(['id', 'entity', 'changes'])
            .where('entity', 'in', Object.keys(AMOUNTS))
            .where('changes', 'is not', null)
            .where('id', '>', after)
            .orderBy('id')
            .limit(BATCH)
            .execute();
        if (!rows.length) return;
        for (const row of rows) {
            const changes = scaled(row.changes!, AMOUNTS[row.entity], by);
            if (changes !== null) await log.updateTable('audit_log').set({ changes }).where('id', '=', row.id).execute();
        }
        after = rows.at(-1)!.id;
    }
}

export async function up(db: Kysely<unknown>): Promise<void> {
    await rescale(db, 100);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await rescale(db, 0.01);
}
