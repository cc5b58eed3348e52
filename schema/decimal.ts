import { capital } from './messages';

/**
 * Exact decimal amounts: rupees with paise, GST percent with hundredths. Read from their decimal text,
 * never through float arithmetic, so 2.5 and 120.50 survive exactly and a third decimal is refused
 * rather than rounded away. The API validates with it and the screens check with it, in the same words.
 */
export interface DecimalRule {
    /** How many decimals the amount may have: the stored integer counts 10^-places. */
    places: number;
    max: number;
    /** What a person calls the field, lower case: 'price', 'GST percent'. */
    label: string;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export type ParsedDecimal = { units: number; problem?: undefined } | { problem: string; units?: undefined };

/** The integer units of an amount (parseDecimal('120.50', price) is 12050), or the sentence saying what is wrong. */
export function parseDecimal(value: unknown, { places, max, label }: DecimalRule): ParsedDecimal {
    const problems = {
        blank: `Please enter the ${label}`,
        invalid: `${capital(label)} must be a number`,
        negative: `${capital(label)} cannot be negative`,
        places: `${capital(label)} can have at most ${places} decimal places`,
        max: `${capital(label)} cannot be more than ${max.toLocaleString('en-IN')}`,
    };
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    if (text === '') return { problem: problems.blank };
    if (typeof value === 'number' && !Number.isFinite(value)) return { problem: problems.invalid };
    // JSON numbers print very small or large values as 1e-7 or 1e+21; their size alone decides.
    if (typeof value === 'number' && /e/i.test(text)) {
        return { problem: value < 0 ? problems.negative : value < 1 ? problems.places : problems.max };
    }
    const match = DECIMAL.exec(text);
    if (!match) return { problem: problems.invalid };
    const [, minus, whole, fraction = ''] = match;
    const digits = fraction.replace(/0+$/, ''); // 2.50 is as exact as 2.5
    const units = Number(whole) * 10 ** places + Number(digits.padEnd(places, '0') || 0);
    if (minus && units > 0) return { problem: problems.negative };
    if (digits.length > places) return { problem: problems.places };
    if (!Number.isSafeInteger(units) || units > max * 10 ** places) return { problem: problems.max };
    return { units };
}
