import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { badRequest, conflict } from '../../infra/errors';
import { readShopZone } from '../../infra/shopClock';
import { addDays, shopToday } from '../../../schema/dates';
import { DAYS_AHEAD, clockTime, closesAt, longDay, runsOn, slotText, type SlotChoice } from './slotCalendar';

type Db = Kysely<Database> | Transaction<Database>;

const CHOOSE_SLOT = 'Please choose one of the delivery slots on offer';

/** A choice of slot as a request may carry it: both its id and its day, or neither. */
export function slotChoiceOf(input: { slotId?: number | null; slotDate?: string | null }): SlotChoice | undefined {
    const { slotId, slotDate } = input;
    if (slotId == null && slotDate == null) return undefined;
    if (slotId == null) throw badRequest('Please choose the delivery slot for that day (slotId)', { slotId: CHOOSE_SLOT });
    if (slotDate == null) throw badRequest('Please choose the day of the delivery slot (slotDate, YYYY-MM-DD)', { slotDate: 'Please choose the day of the delivery slot' });
    return { slotId, slotDate };
}

/**
 * Takes one place in the slot on its day, inside the caller's transaction, or refuses with why: a slot that is not
 * on offer or not running that day (400), one past its cut-off or full (409). The place is taken by a single
 * conditional UPDATE (taken below the slot's capacity), so of concurrent orders exactly the capacity get in.
 */
export async function takeSlotPlace(trx: Db, choice: SlotChoice, now = Date.now()): Promise<void> {
    const slot = await trx.selectFrom('deliverySlots').selectAll().where('id', '=', choice.slotId).executeTakeFirst();
    if (!slot || slot.status !== 1) throw badRequest(CHOOSE_SLOT, { slotId: CHOOSE_SLOT });
    const zone = await readShopZone(trx);
    const today = shopToday(new Date(now), zone);
    const last = addDays(today, DAYS_AHEAD - 1);
    if (choice.slotDate < today || choice.slotDate > last) {
        const message = `Delivery slots can be booked from ${longDay(today)} to ${longDay(last)}`;
        throw badRequest(message, { slotDate: message });
    }
    if (!runsOn(slot, choice.slotDate)) {
        const message = `The ${slot.name} slot does not run on ${longDay(choice.slotDate)}; please choose another`;
        throw badRequest(message, { slotDate: message });
    }
    const closes = closesAt(slot, choice.slotDate, zone);
    if (now >= closes) throw conflict(`The slot ${slotText(slot, choice.slotDate)} stopped taking orders at ${clockTime(closes, zone)}; please choose another`);
    await trx
        .insertInto('slotBookings')
        .values({ slotId: choice.slotId, slotDate: choice.slotDate, taken: 0 })
        .onConflict((c) => c.columns(['slotId', 'slotDate']).doNothing())
        .execute();
    const taken = await trx
        .updateTable('slotBookings')
        .set({ taken: sql`taken + 1` })
        .where('slotId', '=', choice.slotId)
        .where('slotDate', '=', choice.slotDate)
        .where(sql<boolean>`taken < (select capacity from delivery_slots where id = ${choice.slotId})`)
        .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw conflict(`The slot ${slotText(slot, choice.slotDate)} is full; please choose another`);
}

/** Gives back the place an order holds in its slot (a cancelled order, or one moved to another slot). */
export async function freeSlotPlace(trx: Db, choice: SlotChoice): Promise<void> {
    await trx
        .updateTable('slotBookings')
        .set({ taken: sql`taken - 1` })
        .where('slotId', '=', choice.slotId)
        .where('slotDate', '=', choice.slotDate)
        .where('taken', '>', 0)
        .execute();
}

/** Gives back the order's place, if it booked one: called in the transaction that cancels it. */
export async function freeOrderSlot(trx: Db, orderId: number): Promise<void> {
    const order = await trx.selectFrom('orders').select(['slotId', 'slotDate']).where('id', '=', orderId).executeTakeFirst();
    if (order?.slotId != null && order.slotDate != null) await freeSlotPlace(trx, { slotId: order.slotId, slotDate: order.slotDate });
}
