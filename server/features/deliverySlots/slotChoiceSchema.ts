import { idValue } from '../../http/common';

/** The body properties that choose a delivery slot: on placing an order, and on moving one to another slot. */
export const SLOT_CHOICE_PROPERTIES = {
    slotId: { ...idValue, 'x-message': 'Please choose one of the delivery slots on offer' },
    slotDate: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-message': 'The slot day must be a date, YYYY-MM-DD' },
} as const;
