import { defineEntity } from './types';

/** A time on the shop's clock, 24-hour: 06:00, 18:30. */
export const CLOCK_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** The weekdays a slot can run on, Sunday first as `Date.getUTCDay()` counts them: each a yes/no field of the slot. */
export const SLOT_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type SlotDay = (typeof SLOT_DAYS)[number];

const day = (name: SlotDay) => ({ type: 'boolean' as const, default: true, message: 'Please choose yes or no', description: `The slot runs on ${name}s` });
const time = (which: string) => ({ type: 'text' as const, required: true as const, max: 5, pattern: CLOCK_TIME_PATTERN, message: `Please enter the ${which} time as HH:MM (24-hour, e.g. 18:00)` });

/**
 * A weekly delivery slot ("Evening, 18:00–20:00, Monday to Saturday, 20 orders"): each day it runs is an
 * occurrence an order can book until the slot is full or its cut-off has passed (server/features/deliverySlots/).
 */
export const deliverySlots = defineEntity({
    name: 'deliverySlots',
    table: 'deliverySlots',
    noun: ['delivery slot', 'delivery slots'],
    tag: 'Delivery slots',
    paths: {
        list: '/delivery-slots',
        item: '/delivery-slots/:id',
        create: '/delivery-slots',
        update: '/delivery-slots/:id',
        toggle: '/delivery-slots/:id/toggle',
        remove: '/delivery-slots/:id',
    },
    fields: {
        name: { type: 'text', required: true, max: 60, message: 'Please enter the slot name (e.g. Evening)', unique: 'A delivery slot with this name already exists' },
        startTime: time('start'),
        endTime: time('end'),
        capacity: { type: 'integer', required: true, min: 1, max: 10_000, message: 'Please enter how many orders the slot takes, from 1 to 10000' },
        cutoffMinutes: {
            type: 'integer',
            required: true,
            min: 0,
            max: 10_080,
            label: 'cut-off minutes',
            message: 'Please enter the cut-off in minutes before the start, from 0 to 10080 (a week)',
            description: 'Orders may take the slot until this many minutes before it starts',
        },
        sunday: day('sunday'),
        monday: day('monday'),
        tuesday: day('tuesday'),
        wednesday: day('wednesday'),
        thursday: day('thursday'),
        friday: day('friday'),
        saturday: day('saturday'),
    },
    // Customers read the slots through GET /delivery-slots/available; the templates are the staff's.
    access: { create: 'admin', update: 'admin', toggle: 'admin' },
    list: {
        search: ['name'],
        sort: ['startTime', 'id', 'name', 'capacity', 'status', 'createdAt'],
        filters: ['status'],
        columns: ['id', 'name', 'startTime', 'endTime', 'capacity', 'cutoffMinutes', 'status'],
    },
    messages: {
        created: 'Delivery slot added successfully',
        updated: 'Delivery slot updated successfully',
        toggled: 'Delivery slot status toggled successfully',
        deleted: 'Delivery slot deleted successfully',
        notFound: 'Delivery slot not found',
    },
    representation: '%{name} (%{startTime}–%{endTime})',
    icon: 'LocalShipping',
    menu: 'orders',
});
