import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ownsRow } from '../../../schema/access';
import { products } from '../../../schema/products';
import { actorOf, recordAudit, type Actor } from '../../engine/audit';
import type { Repository } from '../../engine/repository';
import type { AnyDb, Row } from '../../engine/rows';
import { errorBody, errorResponses, idValue } from '../../http/common';
import { isPostgres } from '../../db/dialect';
import { nowIso } from '../../infra/time';
import { announceStock } from '../webhooks/productEvents';
import { checkChange, savedRow, stockStillBefore, type BulkChange, type CheckedChange } from './bulkEdit';

/** The most rows one save takes: a shop's whole morning, a thousand products and more. */
export const MAX_BULK_ROWS = 5000;

const amount = { type: ['string', 'number', 'null'], description: 'Rupees with paise, e.g. 120.50 (null or empty text empties an MRP)' } as const;
const stock = { type: ['string', 'number', 'null'], description: 'In the product’s unit: pieces, or kg or litres with up to 3 decimals' } as const;

const body = {
    type: 'object',
    required: ['changes'],
    additionalProperties: false,
    properties: {
        changes: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_BULK_ROWS,
            'x-message': `Please send from 1 to ${MAX_BULK_ROWS} changes`,
            items: {
                type: 'object',
                required: ['id'],
                additionalProperties: false,
                properties: {
                    id: idValue,
                    price: amount,
                    mrp: amount,
                    stock: { ...stock, description: 'The count on the shelf in the product’s unit (kept in the history as a count); null stops tracking it' },
                    was: {
                        type: 'object',
                        additionalProperties: false,
                        description: 'What the screen showed when it loaded the row: a field someone else changed since is refused, not overwritten',
                        properties: { price: amount, mrp: amount, stock },
                    },
                },
            },
        },
    },
} as const;

const rowResult = { type: 'object', properties: { id: { type: 'integer' }, errors: { type: 'object', additionalProperties: { type: 'string' } } } } as const;
const saved = {
    type: 'object',
    properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        changed: { type: 'integer' },
        data: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, price: { type: 'number' }, mrp: { type: ['number', 'null'] }, stock: { type: ['number', 'null'] }, updatedAt: { type: 'string' } } },
        },
    },
} as const;
const refused = { ...errorBody, properties: { ...errorBody.properties, rows: { type: 'array', items: rowResult } } } as const;

/** Thrown inside the transaction so that nothing of a refused save stays written. */
class Refused extends Error {
    constructor(readonly rows: Array<{ id: number; errors: Record<string, string> }>) {
        super('refused');
    }
}

/**
 * `PATCH /products/bulk`: the morning's prices, MRPs and stock counts in one save. All or nothing: every row is
 * checked (its amounts, price at most MRP, that the seller owns it, that nobody changed what the screen showed), and
 * when any is refused nothing is written and the answer names each refused row's problems. A price or MRP change is
 * saved as an edit of the product (its history line, its webhook); a stock change as a count, like "Change stock".
 */
export default async function bulkEditRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.patch('/products/bulk', {
        config: { access: 'staff' },
        schema: {
            tags: ['Products'],
            summary: "Changes many products' price, MRP and stock at once, all or none",
            body,
            response: { 200: saved, ...errorResponses, 400: refused, 409: refused },
        },
        handler: async (request, reply) => {
            const changes: BulkChange[] = request.body.changes;
            const actor = actorOf(request);
            const store = app.entityStores.get('products')!.store;
            try {
                const written = await app.db.transaction().execute((trx) => writeAll(trx as unknown as AnyDb, store, changes, actor, request.user));
                const rows = written.length ? await (app.db as unknown as AnyDb).selectFrom('products').selectAll().where('id', 'in', written).execute() : [];
                const message = written.length === 1 ? '1 product changed' : `${written.length} products changed`;
                return { success: true as const, message, changed: written.length, data: (rows as Row[]).map((row) => ({ ...savedRow(row), updatedAt: String(row.updatedAt) })) };
            } catch (error) {
                if (!(error instanceof Refused)) throw error;
                const conflict = error.rows.every((row) => Object.values(row.errors).every((text) => text.includes('since you loaded')));
                const message = `${error.rows.length} of ${changes.length} rows refused; nothing was saved`;
                const errors = Object.fromEntries(error.rows.flatMap((row) => Object.entries(row.errors).map(([field, text]) => [`${row.id}.${field}`, text])));
                return reply.code(conflict ? 409 : 400).send({ success: false, message, error: message, errors, rows: error.rows });
            }
        },
    });
}

/** Checks every row under the transaction's locks, then writes them; answers the ids written. */
async function writeAll(trx: AnyDb, store: Repository, changes: BulkChange[], actor: Actor, user: { id: number; roleId: number } | null): Promise<number[]> {
    const ids = changes.map((change) => change.id);
    const read = trx.selectFrom('products').selectAll().where('id', 'in', [...new Set(ids)]);
    // PostgreSQL needs the rows locked between the check and the write; SQLite runs one writer at a time.
    const stored = new Map(((await (isPostgres(trx as never) ? read.forUpdate() : read).execute()) as Row[]).map((row) => [row.id, row]));
    const problems: Array<{ id: number; errors: Record<string, string> }> = [];
    const checked: CheckedChange[] = [];
    const seen = new Set<number>();
    for (const change of changes) {
        const row = stored.get(change.id);
        const fail = (errors: Record<string, string>) => problems.push({ id: change.id, errors });
        if (seen.has(change.id)) fail({ id: 'This product is in the list twice' });
        else if (!row) fail({ id: products.messages.notFound });
        else if (user && !ownsRow(products, user, row)) fail({ id: 'You may change only the products you created' });
        else {
            const result = checkChange(change, row);
            if (Object.keys(result.errors).length) fail(result.errors);
            else if (result.checked) checked.push(result.checked);
        }
        seen.add(change.id);
    }
    if (problems.length) throw new Refused(problems);
    for (const change of checked) await writeOne(trx, store, change, stored.get(change.id)!, actor);
    return checked.map((change) => change.id);
}

async function writeOne(trx: AnyDb, store: Repository, { id, amounts, stock }: CheckedChange, row: Row, actor: Actor): Promise<void> {
    if (Object.keys(amounts).length) {
        // The store takes rupees, as a form's save does.
        const body = Object.fromEntries(Object.entries(amounts).map(([name, units]) => [name, units == null ? null : (units / 100).toFixed(2)]));
        await store.updateWithin(trx, row, body, actor);
    }
    if (!stock) return;
    const changed = await trx.updateTable('products').set({ stock: stock.after, updatedAt: nowIso() }).where('id', '=', id).where(stockStillBefore(stock.before)).executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new Refused([{ id, errors: { stock: 'The stock changed since you loaded it; reload and try again' } }]);
    await recordAudit(trx, actor, { action: 'stock', entity: 'products', record: id, changes: { stock: { before: stock.before, after: stock.after }, reason: { after: 'counted' } } });
    await announceStock(trx, id, stock.before, stock.after, 'counted');
}
