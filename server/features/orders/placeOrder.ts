import type { Kysely } from 'kysely';
import type { Database, PaymentMethod } from '../../db/tables';
import { notFound } from '../../infra/errors';
import { recordWritten, writtenEarlier } from '../../infra/idempotency/keyedWrites';
import { nowIso } from '../../infra/time';
import { priceOrder, type OrderItem } from './pricing';
import { takeStock } from './stock';
import { tellCustomer } from './customerMails';
import { recordHistory } from './transition';
import { announceOrderStep } from '../webhooks/orderEvents';
import { announceStockMove } from '../webhooks/productEvents';
import { slotChoiceOf, takeSlotPlace } from '../deliverySlots/slotPlaces';

export interface PlaceOrder {
    items: OrderItem[];
    pincode: string;
    couponCode?: string;
    address?: string;
    paymentMethod?: PaymentMethod;
    /** A delivery slot and its day (YYYY-MM-DD), both or neither: the order takes a place in it or is refused. */
    slotId?: number;
    slotDate?: string;
}

/**
 * Prices the order from the catalogue and stores it, its lines and its first history row in one transaction, which
 * also takes the lines' units from stock (refused, with what is left, when the shelf cannot fill them). The
 * request's Idempotency-Key records the order in that transaction: a retry whose first run committed gets its id.
 */
export async function placeOrder(db: Kysely<Database>, customerId: number, input: PlaceOrder, at = nowIso(), { tell = true } = {}): Promise<number> {
    const earlier = writtenEarlier();
    if (earlier !== undefined) return earlier;
    const customer = await db.selectFrom('users').select(['id', 'name', 'email', 'contactNo', 'address']).where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw notFound('Customer not found');
    const priced = await priceOrder(db, input);
    const slot = slotChoiceOf(input);
    return db.transaction().execute(async (trx) => {
        const taken = await takeStock(trx, priced.lines);
        if (slot) await takeSlotPlace(trx, slot);
        const { id } = await trx
            .insertInto('orders')
            .values({
                customerId,
                customerName: customer.name,
                customerEmail: customer.email,
                customerPhone: customer.contactNo,
                pincode: input.pincode,
                address: input.address?.trim() || customer.address,
                paymentMethod: input.paymentMethod ?? 'online',
                status: 'placed',
                subtotal: priced.subtotal,
                taxTotal: priced.taxTotal,
                deliveryCharge: priced.deliveryCharge,
                discount: priced.discount,
                totalPrice: priced.totalPrice,
                couponCode: priced.couponCode,
                paidAt: null,
                paymentReference: null,
                slotId: slot?.slotId ?? null,
                slotDate: slot?.slotDate ?? null,
                createdAt: at,
                updatedAt: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
        await trx
            .insertInto('orderLines')
            .values(priced.lines.map((line, i) => ({ orderId: id, ...line, stockTaken: taken[i] })))
            .execute();
        await recordHistory(trx, id, null, 'placed', { id: customer.id, name: customer.name }, null, at);
        if (tell) await tellCustomer(trx, id, 'placed');
        await announceOrderStep(trx, id, null, 'placed');
        for (const [i, line] of priced.lines.entries()) await announceStockMove(trx, line.productId, -taken[i], 'ordered', id);
        await recordWritten(trx, id);
        return id;
    });
}
