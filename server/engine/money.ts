import { parseDecimal, type DecimalRule } from '../../schema/decimal';
import type { KeywordHost } from '../http/keywords';

// Amounts are kept as integers of their smallest unit (paise, hundredths of a percent), so they stay exact
// in both databases; schema/decimal.ts reads and checks them in the words the screens use too.

/** The integer a valid amount is stored as: toUnits('120.50', 2) is 12050. */
export function toUnits(value: string | number, places: number): number {
    const parsed = parseDecimal(value, { places, max: Number.MAX_SAFE_INTEGER / 10 ** places, label: 'amount' });
    if (parsed.problem !== undefined) throw new Error(`${String(value)}: ${parsed.problem}`);
    return parsed.units;
}

/** The amount an integer stands for, as the JSON number clients see: fromUnits(12050, 2) is 120.5. */
export const fromUnits = (units: number, places: number) => units / 10 ** places;

/** Registers `x-decimal` with Ajv: its errors are whole sentences naming the rule that failed. */
export function decimalKeyword(ajv: KeywordHost) {
    const validate: ((rule: DecimalRule & { optional?: boolean }, data: unknown) => boolean) & { errors?: object[] } = (rule, data) => {
        if (rule.optional && typeof data === 'string' && data.trim() === '') return true;
        const { problem } = parseDecimal(data, rule);
        validate.errors = problem === undefined ? [] : [{ keyword: 'x-decimal', message: problem, params: {} }];
        return problem === undefined;
    };
    return ajv.addKeyword({ keyword: 'x-decimal', type: ['string', 'number'], schemaType: 'object', errors: true, validate });
}
