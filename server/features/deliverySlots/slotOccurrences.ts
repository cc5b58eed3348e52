import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readShopZone } from '../../infra/shopClock';
import { addDays, shopToday } from '../../../schema/dates';
import { TO_PACK_SQL } from '../orders/workflow';
import { DAYS_AHEAD, closesAt, endsAt, runsOn, slotText, startsAt, type SlotTemplate } from './slotCalendar';

/** One slot on one day, as the slot lists answer it. */
export interface Occurrence {
    slotId: number;
    slotDate: string;
    name: string;
    startTime: string;
    endTime: string;
    /** ISO instants: when it begins and ends, and the last moment an order may take it. */
    startsAt: string;
    endsAt: string;
    closesAt: string;
    capacity: number;
    taken: number;
    remaining: number;
    /** "Monday 30 November 2026, 18:00–20:00 (Evening)" */
    label: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

function occurrence(slot: SlotTemplate, day: string, zone: string, taken: number): Occurrence {
    return {
        slotId: slot.id,
        slotDate: day,
        name: slot.name,
        startTime: slot.startTime,
        endTime: slot.endTime,
        startsAt: iso(startsAt(slot, day, zone)),
        endsAt: iso(endsAt(slot, day, zone)),
        closesAt: iso(closesAt(slot, day, zone)),
        capacity: slot.capacity,
        taken,
        remaining: Math.max(0, slot.capacity - taken),
        label: slotText(slot, day),
    };
}

/** Places taken per slot and day from `first` on, keyed `id|day`. */
async function takenFrom(db: Kysely<Database>, first: string) {
    const rows = await db.selectFrom('slotBookings').select(['slotId', 'slotDate', 'taken']).where('slotDate', '>=', first).execute();
    return new Map(rows.map((row) => [`${row.slotId}|${row.slotDate}`, row.taken]));
}

/**
 * The active slots' days from today to six days on, on the shop's clock, that an order can still take: before their
 * cut-off and with a place left. Soonest first.
 */
export async function availableSlots(db: Kysely<Database>, now = Date.now()): Promise<Occurrence[]> {
    const zone = await readShopZone(db);
    const today = shopToday(new Date(now), zone);
    const slots = await db.selectFrom('deliverySlots').selectAll().where('status', '=', 1).execute();
    const taken = await takenFrom(db, today);
    const open: Occurrence[] = [];
    for (let i = 0; i < DAYS_AHEAD; i++) {
        const day = addDays(today, i);
        for (const slot of slots) {
            if (!runsOn(slot, day) || closesAt(slot, day, zone) <= now) continue;
            const found = occurrence(slot, day, zone, taken.get(`${slot.id}|${day}`) ?? 0);
            if (found.remaining > 0) open.push(found);
        }
    }
    return open.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.slotId - b.slotId);
}

/**
 * The next slot to pack for: of the slots whose orders wait to be packed, the one that begins first among those not
 * yet over, with those orders' ids (oldest first). Undefined when no order waits for a slot to come.
 */
export async function nextSlotToPack(db: Kysely<Database>, now = Date.now()): Promise<{ slot: Occurrence; orderIds: number[] } | undefined> {
    const zone = await readShopZone(db);
    // A day back: a slot of yesterday's date cannot still be running, but the shop's today may lag UTC's.
    const first = addDays(shopToday(new Date(now), zone), -1);
    const waiting = await db
        .selectFrom('orders')
        .select(['id', 'slotId', 'slotDate'])
        .where('slotDate', '>=', first)
        .where('slotId', 'is not', null)
        .where(TO_PACK_SQL)
        .orderBy('id')
        .execute();
    if (!waiting.length) return undefined;
    const slots = await db.selectFrom('deliverySlots').selectAll().where('id', 'in', [...new Set(waiting.map((row) => row.slotId!))]).execute();
    const slotOf = new Map(slots.map((slot) => [slot.id, slot]));
    let best: { slot: SlotTemplate; day: string; starts: number } | undefined;
    for (const row of waiting) {
        const slot = slotOf.get(row.slotId!)!;
        const day = row.slotDate!;
        if (endsAt(slot, day, zone) <= now) continue;
        const starts = startsAt(slot, day, zone);
        if (!best || starts < best.starts || (starts === best.starts && slot.id < best.slot.id)) best = { slot, day, starts };
    }
    if (!best) return undefined;
    const { slot, day } = best;
    const taken = (await takenFrom(db, day)).get(`${slot.id}|${day}`) ?? 0;
    const orderIds = waiting.filter((row) => row.slotId === slot.id && row.slotDate === day).map((row) => row.id);
    return { slot: occurrence(slot, day, zone, taken), orderIds };
}
