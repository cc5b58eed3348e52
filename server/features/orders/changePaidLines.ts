import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { badRequest, conflict, HttpError, notFound } from '../../infra/errors';
import { recordAudit, type Actor as AuditActor } from '../../engine/audit';
import type { PaymentProvider } from '../payments/provider';
import { invoiceLeft } from '../creditNotes/issueCreditNote';
import { announceStockMove } from '../webhooks/productEvents';
import { refundPart } from './partialRefund';
import { refuseUnlessEditable, type LineChange } from './changeLines';
import type { Actor } from './transition';
import { ROLE } from '../../../schema/access';
import { quantityText } from '../../../schema/measure';

export const PAID_ONLY_LESS =
    'This order is paid and its tax invoice issued: it can only be reduced (a line removed or fewer units, refunded with a credit note). Take a new order for anything added or substituted.';

/**
 * Reduces a paid order: what each line loses is refunded in part through refundPart (the provider for an online
 * payment, a credit note against the invoice, the history row and the customer's mail), then those units go back to
 * stock in one transaction with the activity log line. The invoice as issued never changes; the credit note says
 * what was taken off it. Refunds move money, so only an administrator may do this.
 */
export async function changePaidLines(
    db: Kysely<Database>,
    provider: () => PaymentProvider,
    orderId: number,
    actor: Actor & { roleId: number },
    audit: AuditActor,
    input: LineChange,
): Promise<string[]> {
    const order = await db.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound('Order not found');
    refuseUnlessEditable(order.status);
    if (input.substitutions?.length) throw conflict(PAID_ONLY_LESS);
    const lines = await db.selectFrom('orderLines').select(['id', 'productId', 'name', 'unit', 'stockTaken']).where('orderId', '=', orderId).orderBy('id').execute();
    const left = await db.transaction().execute((trx) => invoiceLeft(trx, orderId));
    if (!left) throw conflict(PAID_ONLY_LESS);
    const wanted = new Map(input.items.map((item) => [item.productId, item.quantity]));
    if (input.items.some((item) => !lines.some((line) => line.productId === item.productId))) throw conflict(PAID_ONLY_LESS);

    const cuts = lines
        .map((line, index) => {
            const has = left.remaining[index].quantity;
            const keep = line.productId === null ? has : (wanted.get(line.productId) ?? 0);
            if (keep > has) throw conflict(PAID_ONLY_LESS);
            return { line, number: index + 1, quantity: has - keep };
        })
        .filter((cut) => cut.quantity > 0);
    if (!cuts.length) throw badRequest('Nothing to change: the lines are as they were', { items: 'No change' });
    if (actor.roleId !== ROLE.admin) throw new HttpError(403, 'Only an administrator can reduce a paid order, as it refunds money.');

    const changes = cuts.map(({ line, quantity }) => `${line.name}: ${quantityText(quantity, line.unit)} fewer`);
    const reason = `Order changed: ${changes.join('; ')}${input.note?.trim() ? ` (${input.note.trim()})` : ''}`;
    await refundPart(db, provider, orderId, actor, { reason: reason.slice(0, 500), lines: cuts.map(({ number, quantity }) => ({ line: number, quantity })) });
    await db.transaction().execute(async (trx) => {
        for (const { line, quantity } of cuts) {
            const back = Math.min(quantity, line.stockTaken);
            if (back <= 0 || line.productId === null) continue;
            // The line's own count of units taken goes down first, conditionally, so they go back once.
            const cleared = await trx.updateTable('orderLines').set({ stockTaken: line.stockTaken - back }).where('id', '=', line.id).where('stockTaken', '=', line.stockTaken).executeTakeFirst();
            if (Number(cleared.numUpdatedRows) !== 1) continue;
            await trx.updateTable('products').set((eb) => ({ stock: eb('stock', '+', back) })).where('id', '=', line.productId).where('stock', 'is not', null).execute();
            await announceStockMove(trx, line.productId, back, 'returned', orderId);
        }
        await recordAudit(trx, audit, { action: 'update', entity: 'orders', record: orderId, changes: { lines: { before: null, after: changes } } });
    });
    return changes;
}
