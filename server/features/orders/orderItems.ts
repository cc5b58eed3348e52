import { toUnits } from '../../engine/money';
import { idValue } from '../../http/common';
import { inUnits, LINE_MAX, PER_UNIT, unitOf, UNITS } from '../../../schema/measure';
import type { OrderItem } from './pricing';

/**
 * The products of an order as a client sends them: each quantity in its product's unit, 3 pieces or 0.75 kg, as a
 * JSON number or decimal text. The routes turn them into thousandths (`itemsInThousandths`) before pricing; whether
 * a quantity suits its product (whole pieces, a loose product's step and minimum) is pricing's to say.
 */
export const orderItemsSchema = {
    type: 'array',
    minItems: 1,
    maxItems: 50,
    'x-message': 'Please add between 1 and 50 products, each with a quantity',
    items: {
        type: 'object',
        required: ['productId', 'quantity'],
        additionalProperties: false,
        properties: {
            productId: idValue,
            quantity: {
                type: ['number', 'string'],
                'x-decimal': { places: 3, max: LINE_MAX / PER_UNIT, label: 'quantity' },
                description: 'Pieces, or kilograms or litres of loose goods with up to 3 decimals (0.75)',
            },
        },
    },
} as const;

/** The body with each item's quantity in thousandths of its unit: 0.75 → 750, 3 → 3000. */
export function itemsInThousandths<B extends { items: Array<{ productId: number; quantity: number | string }> }>(body: B): Omit<B, 'items'> & { items: OrderItem[] } {
    return { ...body, items: body.items.map(({ productId, quantity }) => ({ productId, quantity: toUnits(quantity, 3) })) };
}

/** How a product is counted, as the order desk's search answers it: its unit, and a loose product's step and minimum. */
export const measureProperties = {
    unit: { type: 'string', enum: UNITS },
    step: { type: ['number', 'null'], description: 'Loose goods: the quantity added at a time, in the unit' },
    minimum: { type: ['number', 'null'], description: 'Loose goods: the least one order takes, in the unit' },
    stock: { type: ['number', 'null'], description: 'On the shelf, in the unit; null when not tracked' },
} as const;

/** A product row's stock, step and minimum in its unit, as the API answers them. */
export const measureOf = (row: { unit: string; step: number | null; minimum: number | null; stock: number | null }) => ({
    unit: unitOf(row.unit),
    step: row.step === null ? null : inUnits(row.step),
    minimum: row.minimum === null ? null : inUnits(row.minimum),
    stock: row.stock === null ? null : inUnits(row.stock),
});
