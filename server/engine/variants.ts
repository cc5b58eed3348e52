import { recordAudit, type Actor } from './audit';
import type { EntityParts } from './entityParts';
import type { AnyDb, Row, Values } from './rows';
import { badRequest, conflict } from '../infra/errors';
import { nowIso } from '../infra/time';

/**
 * An entity's variants (schema/types.ts `variants`): rows of one table that are options of one another, the first
 * being the product's own row. A variant takes the shared fields from that first row whatever its body says, and
 * a save of the first row passes them on to the others in its transaction, so the two never tell different stories.
 */

const refuse = (field: string, message: string) => badRequest(message, { [field]: message });

/**
 * The column values a save writes, as a variant holds them: the option trimmed; on a variant, the shared fields
 * as its first row has them (a new one's place is set in the transaction, placeVariant). The parent is fixed
 * once created.
 */
export async function asVariant({ entity, table }: EntityParts, conn: AnyDb, values: Values, existing?: Row): Promise<Values> {
    const spec = entity.variants;
    if (!spec) return values;
    const held = { ...values };
    // A new row names its option even when the body does not (''), so the uniqueness check sees the whole combination.
    if (spec.option in held || !existing) held[spec.option] = String(held[spec.option] ?? '').trim();
    if (existing) {
        const moved = spec.parent in held && (held[spec.parent] ?? null) !== (existing[spec.parent] ?? null);
        if (moved) throw refuse(spec.parent, `A variant stays with its ${entity.noun[0]}: add a new variant where it belongs instead`);
        delete held[spec.parent];
    }
    const parentId = (existing ? existing[spec.parent] : held[spec.parent]) as number | null | undefined;
    if (parentId == null) return existing ? held : { ...held, [spec.parent]: null, [spec.position]: 1 };
    const option = (spec.option in held ? held[spec.option] : existing?.[spec.option]) as string | undefined;
    if (!option) throw refuse(spec.option, `Please name the variant by what sets it apart, e.g. 1 kg`);
    const first = await conn.selectFrom(table).select([...spec.shared, spec.parent]).where('id', '=', parentId).executeTakeFirst();
    if (!first) throw refuse(spec.parent, `There is no ${entity.noun[0]} ${parentId}`);
    if (first[spec.parent] != null) throw refuse(spec.parent, `A variant belongs to a ${entity.noun[0]}, not to another variant: choose ${entity.noun[0]} ${first[spec.parent]}`);
    return { ...held, ...Object.fromEntries(spec.shared.map((field) => [field, first[field]])) };
}

/** The most variants one product has, its own row counted: a pack-size picker, not a second catalogue. */
export const MAX_VARIANTS = 100;

/**
 * A new variant's place, inside the save's transaction with its first row locked (SQLite writes one transaction at
 * a time): the shared fields as that row holds them now, and the place after the others, unless it has
 * MAX_VARIANTS already. Two variants added at once so never share a place or pass the limit, and a change to the
 * first row committed meanwhile reaches the new variant too.
 */
export async function placeVariant({ app, entity, table }: EntityParts, trx: AnyDb, values: Values): Promise<Values> {
    const spec = entity.variants;
    const parentId = spec ? (values[spec.parent] as number | null | undefined) : null;
    if (!spec || parentId == null) return values;
    const read = trx.selectFrom(table).select(spec.shared).where('id', '=', parentId);
    const first = await (app.dbKind === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
    if (!first) throw refuse(spec.parent, `There is no ${entity.noun[0]} ${parentId}`);
    const { count, last } = await trx
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max(spec.position).as('last')])
        .where(spec.parent, '=', parentId)
        .executeTakeFirstOrThrow();
    if (Number(count) + 1 >= MAX_VARIANTS) throw refuse(spec.parent, `A ${entity.noun[0]} has at most ${MAX_VARIANTS} variants`);
    return { ...values, ...first, [spec.position]: Math.max(Number(last ?? 1), 1) + 1 };
}

/** A product's rows, its own first, then its variants by place: `firstId` is the first row's id. */
export function familyRows({ entity, table }: EntityParts, conn: AnyDb, firstId: number): Promise<Row[]> {
    const { parent, position } = entity.variants!;
    return conn
        .selectFrom(table)
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', firstId), eb(parent, '=', firstId)]))
        .orderBy(position)
        .orderBy('id')
        .execute() as Promise<Row[]>;
}

/** After a save of a first row: the shared fields it wrote, passed on to its variants in the same transaction. */
export async function shareWithVariants({ entity, table }: EntityParts, trx: AnyDb, id: number, written: Values, existing?: Row): Promise<void> {
    const spec = entity.variants;
    if (!spec || !existing || existing[spec.parent] != null) return;
    const changed = spec.shared.filter((field) => field in written);
    if (!changed.length) return;
    const values = Object.fromEntries(changed.map((field) => [field, written[field]]));
    await trx.updateTable(table).set({ ...values, updatedAt: nowIso() }).where(spec.parent, '=', id).execute();
}

/**
 * Puts a product's variants in the order `ids` names them, its own row staying first: in one transaction with that
 * row locked, as placeVariant is, so an order and a new variant at once never share a place. `ids` must name each of
 * its variants once; a variant that moves gets its history line and a new `updatedAt` (integrators sync by it).
 */
export async function orderVariants({ app, entity, table }: EntityParts, trx: AnyDb, firstId: number, ids: number[], actor: Actor): Promise<void> {
    const { parent, position } = entity.variants!;
    const lock = trx.selectFrom(table).select('id').where('id', '=', firstId);
    await (app.dbKind === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
    const rows = (await trx.selectFrom(table).select(['id', position]).where(parent, '=', firstId).orderBy(position).orderBy('id').execute()) as Row[];
    const named = new Set(ids);
    if (!rows.length) throw refuse('ids', `This ${entity.noun[0]} has no variants to put in order`);
    if (ids.length !== rows.length || named.size !== ids.length || rows.some((row) => !named.has(row.id))) {
        throw refuse('ids', `Please list each of this ${entity.noun[0]}'s variants once, in their new order: ${rows.map((row) => row.id).join(', ')}`);
    }
    const was = new Map(rows.map((row) => [row.id, row[position] as number]));
    const now = nowIso();
    for (const [i, id] of ids.entries()) {
        const place = i + 2;
        if (was.get(id) === place) continue;
        await trx.updateTable(table).set({ [position]: place, updatedAt: now }).where('id', '=', id).execute();
        await recordAudit(trx, actor, { action: 'update', entity: entity.name, record: id, changes: { [position]: { before: was.get(id) ?? null, after: place } } });
    }
}

/** A first row with variants is not deleted: they would lose what they share. */
export async function assertNoVariants({ entity, table }: EntityParts, conn: AnyDb, existing: Row): Promise<void> {
    const spec = entity.variants;
    if (!spec || existing[spec.parent] != null) return;
    const { count } = await conn
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(spec.parent, '=', existing.id)
        .executeTakeFirstOrThrow();
    const n = Number(count);
    if (n) throw conflict(`This ${entity.noun[0]} has ${n} more ${n === 1 ? 'variant' : 'variants'}; delete ${n === 1 ? 'it' : 'them'} first.`);
}
