import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { ownsRow } from '../../../schema/access';
import { products } from '../../../schema/products';
import { actorOf, recordAudit } from '../../engine/audit';
import { badRequest, conflict, HttpError } from '../../infra/errors';
import { errorResponses, idParams } from '../../http/common';
import { announceStock } from '../webhooks/productEvents';
import { inUnits, partOfPiece, PER_UNIT, quantityText, unitOf, type Unit } from '../../../schema/measure';
import { toUnits } from '../../engine/money';

export const STOCK_REASONS = ['received', 'damaged', 'counted'] as const;
type Reason = (typeof STOCK_REASONS)[number];

const body = {
    type: 'object',
    required: ['reason', 'quantity'],
    additionalProperties: false,
    properties: {
        reason: { type: 'string', enum: STOCK_REASONS, 'x-message': 'Please choose why the stock changes: received, damaged or counted' },
        quantity: {
            type: ['number', 'string'],
            'x-decimal': { places: 3, max: 1_000_000, label: 'quantity' },
            description: 'Pieces, or kg or litres of loose goods with up to 3 decimals',
        },
        note: { type: 'string', maxLength: 200, 'x-message': 'The note can be at most 200 characters long' },
    },
} as const;

const stockChanged = {
    type: 'object',
    properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        data: { type: 'object', properties: { id: { type: 'integer' }, stock: { type: 'number', description: 'In the product’s unit' } } },
    },
} as const;

/**
 * What the shelf holds after the change, in thousandths of the product's unit: received adds, damaged takes away,
 * counted is what was found. Goods sold by the piece are counted whole.
 */
function nextStock(reason: Reason, current: number | null, quantity: number, unit: Unit): number {
    if (partOfPiece(quantity, unit)) throw badRequest(WHOLE_PIECES, { quantity: WHOLE_PIECES });
    if (reason === 'counted') return quantity;
    if (reason === 'received') return (current ?? 0) + quantity;
    if (current === null || current < quantity) throw conflict(`Only ${quantityText(current ?? 0, unit)} in stock: ${quantityText(quantity, unit)} cannot be written off as damaged`);
    return current - quantity;
}

const WHOLE_PIECES = 'This product is sold by the piece: please enter a whole number';
/** The shelf's most, as the product's schema holds it: 1,000,000 pieces, kg or litres. */
const MAX_STOCK = (products.fields.stock.max ?? 1_000_000) * PER_UNIT;
const TOO_MUCH = 'The stock cannot be more than 1,000,000';

/**
 * `POST /products/:id/stock`: staff change a product's stock by hand with a reason, kept in its history (the audit
 * log, as `stock`). The change is compared with the stock it was computed from in one conditional UPDATE, so an
 * order placed at the same moment is never lost under it.
 */
export default async function stockRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/products/:id/stock', {
        config: { access: 'staff' },
        schema: { tags: ['Products'], summary: "Changes a product's stock by hand, with a reason", params: idParams, body, response: { 200: stockChanged, ...errorResponses } },
        handler: async (request) => {
            const { id } = request.params;
            const { reason, note } = request.body;
            const quantity = toUnits(request.body.quantity, 3);
            const product = await app.entityStores.get('products')!.store.find(id);
            if (request.user && !ownsRow(products, request.user, product)) throw new HttpError(403, 'You may change only the products you created');
            const before = product.stock as number | null;
            const unit = unitOf(product.unit);
            const after = nextStock(reason, before, quantity, unit);
            if (after > MAX_STOCK) throw badRequest(TOO_MUCH, { quantity: TOO_MUCH });
            await app.db.transaction().execute(async (trx) => {
                const changed = await trx
                    .updateTable('products')
                    .set({ stock: after, updatedAt: new Date().toISOString() })
                    .where('id', '=', id)
                    .where(sql<boolean>`stock is not distinct from ${before}`)
                    .executeTakeFirst();
                if (Number(changed.numUpdatedRows) !== 1) throw conflict('The stock changed just now (an order?); reload the product and try again');
                const changes = { stock: { before, after }, reason: { after: reason }, ...(note ? { note: { after: note } } : {}) };
                await recordAudit(trx as never, actorOf(request), { action: 'stock', entity: 'products', record: id, changes });
                await announceStock(trx, id, before, after, reason);
            });
            return { success: true, message: `Stock of ${product.name} is now ${quantityText(after, unit)}`, data: { id, stock: inUnits(after) } };
        },
    });
}
