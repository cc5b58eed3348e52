import type { Unit } from './measure';

/**
 * One line of an order as sold: the product's name, price and GST rate copied when it was ordered, so later
 * catalogue edits leave the order alone. The server keeps amounts in paise and the rate in hundredths of a percent;
 * the API answers them in rupees and percent, the same shape. `productId` is null once the product is deleted.
 */
export type OrderLine = {
    productId: number | null;
    name: string;
    /** Paise a piece, kilogram or litre. */
    unitPrice: number;
    /** Thousandths of `unit`: 3000 is 3 pieces, 750 is 0.75 kg (schema/measure.ts). */
    quantity: number;
    /** What the line counts: pieces (NOS), kilograms (KGS) or litres (LTR), as it was sold. */
    unit: Unit;
    gstPercent: number;
    /** Unit price × quantity to the paisa, GST included. */
    lineTotal: number;
    /** The GST part of the line total. */
    tax: number;
};
