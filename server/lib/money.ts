import type { KeywordHost } from '../schemas/keywords';
import { capital } from './words';

/**
 * Exact decimal amounts kept as integers: rupees as paise (places 2), GST percent as hundredths.
 * Values are read from their decimal text, never through float arithmetic, so 2.5 and 120.50 survive
 * the round trip exactly and a third decimal is refused rather than rounded away.
 */
export interface DecimalSpec {
    /** How many decimals the amount may have: the stored integer counts 10^-places. */
    places: number;
    max: number;
    /** What a person calls the field, lower case: 'price', 'GST percent'. */
    label: string;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

type Parsed = { units: number; problem?: undefined } | { problem: string; units?: undefined };

function parse(value: unknown, { places, max, label }: DecimalSpec): Parsed {
    const problems = {
        blank: `Please enter the ${label}`,
        invalid: `${capital(label)} must be a number`,
        negative: `${capital(label)} cannot be negative`,
        places: `${capital(label)} can have at most ${places} decimal places`,
        max: `${capital(label)} cannot be more than ${max.toLocaleString('en-IN')}`,
    };
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    if (text === '') return { problem: problems.blank };
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

/** The integer a valid amount is stored as: toUnits('120.50', 2) is 12050. */
export function toUnits(value: string | number, places: number): number {
    const parsed = parse(value, { places, max: Number.MAX_SAFE_INTEGER / 10 ** places, label: 'amount' });
    if (parsed.problem !== undefined) throw new Error(`${String(value)}: ${parsed.problem}`);
    return parsed.units;
}

/** The amount an integer stands for, as the JSON number clients see: fromUnits(12050, 2) is 120.5. */
export const fromUnits = (units: number, places: number) => units / 10 ** places;

/**
 * A body field holding a decimal amount, as a JSON number or a string ("120.50").
 * The `x-decimal` keyword checks it; the entity layer stores it with toUnits and answers it with fromUnits.
 */
export const decimalField = (label: string, places: number, max: number) =>
    ({
        type: ['string', 'number'],
        'x-decimal': { places, max, label },
        'x-message': `Please enter the ${label}`,
        description: `From 0 to ${max} with at most ${places} decimals, as a JSON number or a string`,
    }) as const;

/** The decimal fields among an entity's fields, with their places. */
export function decimalFields(fields: Record<string, object>): Record<string, number> {
    return Object.fromEntries(
        Object.entries(fields).flatMap(([name, schema]) => {
            const spec = (schema as { 'x-decimal'?: DecimalSpec })['x-decimal'];
            return spec ? [[name, spec.places]] : [];
        }),
    );
}

/** Registers `x-decimal` with Ajv: its errors are whole sentences naming the rule that failed. */
export function decimalKeyword(ajv: KeywordHost) {
    const validate: ((spec: DecimalSpec, data: unknown) => boolean) & { errors?: object[] } = (spec, data) => {
        const { problem } = parse(data, spec);
        validate.errors = problem === undefined ? [] : [{ keyword: 'x-decimal', message: problem, params: {} }];
        return problem === undefined;
    };
    return ajv.addKeyword({ keyword: 'x-decimal', type: ['string', 'number'], schemaType: 'object', errors: true, validate });
}
