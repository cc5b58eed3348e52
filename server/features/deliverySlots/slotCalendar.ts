import type { Selectable } from 'kysely';
import type { Database } from '../../db/tables';
import { dayStart } from '../../../schema/dates';
import { SLOT_DAYS } from '../../../schema/deliverySlots';

/** How far ahead a slot can be booked: today and the six days after it, on the shop's clock. */
export const DAYS_AHEAD = 7;

export type SlotTemplate = Selectable<Database['deliverySlots']>;

/** A slot on one shop day: what an order books. */
export interface SlotChoice {
    slotId: number;
    slotDate: string;
}

const weekday = (day: string) => SLOT_DAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** Whether the weekly slot runs on that shop day (YYYY-MM-DD). */
export const runsOn = (slot: SlotTemplate, day: string) => slot[weekday(day)] === 1;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The instant (ms) a slot begins on a shop day: its minutes after the day began on the shop's clock. A zone that
 * moves its clocks would be an hour out on the day it does; the shops this serves keep one offset all year.
 */
export const startsAt = (slot: Pick<SlotTemplate, 'startTime'>, day: string, zone: string) => Date.parse(dayStart(day, zone)) + minutesOf(slot.startTime) * 60_000;
export const endsAt = (slot: Pick<SlotTemplate, 'endTime'>, day: string, zone: string) => Date.parse(dayStart(day, zone)) + minutesOf(slot.endTime) * 60_000;
/** The last instant an order may take the slot: its cut-off before the start. */
export const closesAt = (slot: Pick<SlotTemplate, 'startTime' | 'cutoffMinutes'>, day: string, zone: string) => startsAt(slot, day, zone) - slot.cutoffMinutes * 60_000;

/** The day as people read it: "Monday 30 November 2026". */
export const longDay = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(',', '');

/** "Monday 30 November 2026, 18:00–20:00 (Evening)": the slot as a customer's mail and an error name it. */
export const slotText = (slot: Pick<SlotTemplate, 'name' | 'startTime' | 'endTime'>, day: string) => `${longDay(day)}, ${slot.startTime}–${slot.endTime} (${slot.name})`;

/** The clock time (HH:MM) of an instant on the shop's clock. */
export const clockTime = (at: number, zone: string) =>
    new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
