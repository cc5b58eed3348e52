import { capital } from './messages';

/**
 * How a product is counted: by the piece, or loose by the kilogram or litre (0.75 kg of tomatoes at ₹40 a kg).
 * The codes are the GST portal's units of quantity (UQC), which an invoice's HSN summary and GSTR-1 print.
 * Every quantity and stock figure is kept as an integer of thousandths of its unit (grams, millilitres, a
 * thousandth of a piece), so 0.75 kg is 750 and 3 pieces are 3000: one rule for all goods, exact in both
 * databases, and a line's amount is price × quantity ÷ 1000 rounded half up to the paisa.
 */
export const UNITS = ['NOS', 'KGS', 'LTR'] as const;
export type Unit = (typeof UNITS)[number];

/** Thousandths in one unit: the stored integer of 1 piece, 1 kg or 1 litre. */
export const PER_UNIT = 1000;

/** A null or unknown unit is the piece, as every product was before loose goods. */
export const unitOf = (unit: unknown): Unit => (unit === 'KGS' || unit === 'LTR' ? unit : 'NOS');

export const isLoose = (unit: unknown) => unitOf(unit) !== 'NOS';

/** `thousandths` of goods sold by the piece that are not a whole number of them; loose goods take any amount. */
export const partOfPiece = (thousandths: number, unit: unknown) => !isLoose(unit) && thousandths % PER_UNIT !== 0;

/** What staff are told when they give goods sold by the piece a stock that is not whole. */
export const WHOLE_STOCK = 'This product is sold by the piece: please enter the stock as a whole number';

/** What a person writes after a loose quantity. */
const SYMBOL: Record<Unit, string> = { NOS: '', KGS: 'kg', LTR: 'l' };

/** The quantity as the API answers it, in its unit: 750 → 0.75. */
export const inUnits = (thousandths: number) => thousandths / PER_UNIT;

/** A stored quantity for people: "3" pieces, "0.75 kg", "1.5 l". */
export function quantityText(thousandths: number, unit: unknown): string {
    const amount = inUnits(thousandths).toLocaleString('en-IN', { maximumFractionDigits: 3 });
    const symbol = SYMBOL[unitOf(unit)];
    return symbol ? `${amount} ${symbol}` : amount;
}

/** A quantity as a tax invoice prints it, with its unit of quantity (CGST rule 46(h)): "3 NOS", "0.75 KGS". */
export const uqcText = (thousandths: number, unit: unknown) => `${inUnits(thousandths).toLocaleString('en-IN', { maximumFractionDigits: 3 })} ${unitOf(unit)}`;

/** How a loose product may be bought: in steps of `step` thousandths, at least `minimum`; pieces come whole. */
export interface Measure {
    unit: unknown;
    step?: number | null;
    minimum?: number | null;
}

/** The most of one product one order line may hold: 100 pieces, or 100 kg or litres of loose goods. */
export const LINE_MAX = 100 * PER_UNIT;

/** Why `thousandths` of a product cannot be ordered, in a sentence naming it; undefined when it can. */
export function quantityProblem(thousandths: number, name: string, measure: Measure): string | undefined {
    const unit = unitOf(measure.unit);
    if (!Number.isSafeInteger(thousandths) || thousandths <= 0) return `Please enter a quantity of ${name} above 0`;
    if (thousandths > LINE_MAX) return `At most ${quantityText(LINE_MAX, unit)} of ${name} fit on one order line`;
    if (unit === 'NOS') return partOfPiece(thousandths, unit) ? `${capital(name)} is sold by the piece: please enter a whole number` : undefined;
    const step = measure.step ?? 1;
    if (thousandths % step) return `${capital(name)} is sold in steps of ${quantityText(step, unit)}`;
    const minimum = measure.minimum ?? step;
    if (thousandths < minimum) return `Please order at least ${quantityText(minimum, unit)} of ${name}`;
    return undefined;
}

/** A line's amount in paise: `price` paise a unit × `thousandths` of it, rounded half up to the paisa. */
export const lineAmount = (price: number, thousandths: number) =>
    Number((BigInt(price) * BigInt(thousandths) * 2n + BigInt(PER_UNIT)) / BigInt(2 * PER_UNIT));
