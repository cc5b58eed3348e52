import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderStatus } from '../../db/tables';
import { conflict, HttpError, notFound, badRequest } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { recordAudit, type Actor as AuditActor } from '../../engine/audit';
import { fromUnits } from '../../engine/money';
import { priceOrder, type OrderItem } from './pricing';
import { takeStock } from './stock';
import { recordHistory, type Actor } from './transition';
import { STATUS_LABELS } from './workflow';
import { tellLinesChanged } from './deskMails';
import { announceStockMove } from '../webhooks/productEvents';
import { quantityText, type Unit } from '../../../schema/measure';

export interface LineChange {
    /** The order's lines as they are to be: every product once, with its quantity; a product left out is removed. */
    items: OrderItem[];
    /** Which new product stands in for which one taken out, so the history and the mail say "instead of". */
    substitutions?: { from: number; to: number }[];
    note?: string;
}

type Trx = Transaction<Database>;
type OldLine = { id: number; productId: number | null; name: string; quantity: number; unit: Unit; stockTaken: number };

/** "3 × Atta 5 kg", "0.75 kg × Tomatoes". */
const counted = (line: { quantity: number; unit: Unit; name: string }) => `${quantityText(line.quantity, line.unit)} × ${line.name}`;

const EDITABLE: OrderStatus[] = ['placed', 'paid'];

/** A 409 saying why an order in this status can no longer change. */
export function refuseUnlessEditable(status: OrderStatus) {
    if (EDITABLE.includes(status)) return;
    const why =
        status === 'cancelled' || status === 'refunded'
            ? 'there is nothing left to change'
            : 'it is packed already and its slip printed; unpack it by cancelling, or settle the difference at the door';
    throw conflict(`An order that is ${STATUS_LABELS[status]} cannot be changed: ${why}`);
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Substitutions must name a product taken out and one put in, each once. */
function checkSubstitutions(input: LineChange, old: OldLine[]) {
    const before = new Set(old.map((line) => line.productId));
    const after = new Set(input.items.map((item) => item.productId));
    const seen = new Set<number>();
    for (const { from, to } of input.substitutions ?? []) {
        if (!before.has(from) || after.has(from)) throw badRequest(`Product #${from} is not a line taken out of this order`, { substitutions: 'Not a removed line' });
        if (before.has(to) || !after.has(to)) throw badRequest(`Product #${to} is not a line added to this order`, { substitutions: 'Not an added line' });
        if (seen.has(from) || seen.has(to)) throw badRequest('Each product may be substituted once', { substitutions: 'Named twice' });
        seen.add(from).add(to);
    }
}

/** Puts `units` of a line back on its product's shelf (when its stock is tracked); answers the units put back. */
async function giveBackUnits(trx: Trx, line: OldLine, units: number, orderId: number) {
    const back = Math.min(units, line.stockTaken);
    if (back <= 0 || line.productId === null) return 0;
    await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', back) }))
        .where('id', '=', line.productId)
        .where('stock', 'is not', null)
        .execute();
    await announceStockMove(trx, line.productId, back, 'returned', orderId);
    return back;
}

/**
 * Changes the lines of an order that is not paid yet, in one transaction: the order is claimed by a conditional
 * UPDATE on the status and version it was read with (a second edit, or a packer, at the same moment is told to
 * reload), the new lines are priced as a customer's order would be now (pricing.ts), each product's difference is
 * taken from stock by the same conditional statement an order uses (refused with what is left) or put back, and
 * the history row, the activity log line and the customer's mail are written with it. Answers the changes in words.
 */
export async function changeUnpaidLines(db: Kysely<Database>, orderId: number, actor: Actor, audit: AuditActor, input: LineChange): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
        const order = await trx
            .selectFrom('orders')
            .select(['id', 'status', 'paidAt', 'invoiceNumber', 'updatedAt', 'pincode', 'couponCode', 'totalPrice', 'paymentMethod'])
            .where('id', '=', orderId)
            .executeTakeFirst();
        if (!order) throw notFound('Order not found');
        refuseUnlessEditable(order.status);
        if (order.paidAt || order.invoiceNumber) throw new HttpError(409, 'This order is paid: its changes are refunds');
        const at = nowIso();
        const claimed = await trx
            .updateTable('orders')
            .set({ updatedAt: at })
            .where('id', '=', orderId)
            .where('status', '=', order.status)
            .where('updatedAt', '=', order.updatedAt)
            .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw conflict('Someone else changed this order just now; reload it and try again');

        const old: OldLine[] = await trx.selectFrom('orderLines').select(['id', 'productId', 'name', 'quantity', 'unit', 'stockTaken']).where('orderId', '=', orderId).orderBy('id').execute();
        checkSubstitutions(input, old);
        const priced = await priceOrder(trx, { items: input.items, pincode: order.pincode, couponCode: order.couponCode ?? undefined });
        const changes: string[] = [];
        const newIds = new Set(input.items.map((item) => item.productId));
        const substituteFor = new Map((input.substitutions ?? []).map(({ from, to }) => [to, from]));

        for (const line of old.filter((one) => one.productId === null || !newIds.has(one.productId))) {
            await giveBackUnits(trx, line, line.quantity, orderId);
            await trx.deleteFrom('orderLines').where('id', '=', line.id).execute();
            const replaced = (input.substitutions ?? []).some((s) => s.from === line.productId);
            if (!replaced) changes.push(`Removed ${counted(line)}`);
        }
        for (const line of priced.lines) {
            const was = old.find((one) => one.productId === line.productId);
            if (!was) {
                const [taken] = await takeStock(trx, [line]);
                await trx.insertInto('orderLines').values({ orderId, ...line, stockTaken: taken }).execute();
                if (taken) await announceStockMove(trx, line.productId, -taken, 'ordered', orderId);
                const from = old.find((one) => one.productId === substituteFor.get(line.productId));
                changes.push(from ? `${counted(line)} instead of ${counted(from)}` : `Added ${counted(line)}`);
                continue;
            }
            let stockTaken = was.stockTaken;
            if (line.quantity > was.quantity) {
                const [taken] = await takeStock(trx, [{ ...line, quantity: line.quantity - was.quantity }]);
                stockTaken += taken;
                if (taken) await announceStockMove(trx, line.productId, -taken, 'ordered', orderId);
            } else if (line.quantity < was.quantity) {
                stockTaken -= await giveBackUnits(trx, was, was.quantity - line.quantity, orderId);
            }
            await trx.updateTable('orderLines').set({ ...line, stockTaken }).where('id', '=', was.id).execute();
            if (line.quantity !== was.quantity) changes.push(`${line.name}: ${quantityText(was.quantity, was.unit)} → ${quantityText(line.quantity, line.unit)}`);
        }
        if (!changes.length && priced.totalPrice === order.totalPrice) throw badRequest('Nothing to change: the lines are as they were', { items: 'No change' });

        const totals = { subtotal: priced.subtotal, taxTotal: priced.taxTotal, deliveryCharge: priced.deliveryCharge, discount: priced.discount, totalPrice: priced.totalPrice };
        await trx.updateTable('orders').set(totals).where('id', '=', orderId).execute();
        const summary = `Lines changed: ${changes.join('; ')}. Total ${rupees(order.totalPrice)} → ${rupees(priced.totalPrice)}${input.note?.trim() ? ` (${input.note.trim()})` : ''}`;
        await recordHistory(trx, orderId, order.status, order.status, actor, summary, at);
        const history = await trx.selectFrom('orderStatusHistory').select('id').where('orderId', '=', orderId).orderBy('id', 'desc').executeTakeFirstOrThrow();
        await recordAudit(trx, audit, {
            action: 'update',
            entity: 'orders',
            record: orderId,
            changes: { lines: { before: old.map(counted), after: priced.lines.map(counted) }, totalPrice: { before: fromUnits(order.totalPrice, 2), after: fromUnits(priced.totalPrice, 2) } },
        });
        const settlement = order.paymentMethod === 'cod' ? `Please pay ${rupees(priced.totalPrice)} on delivery.` : null;
        await tellLinesChanged(trx, orderId, history.id, changes, settlement);
        return changes;
    });
}
