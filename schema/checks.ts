import { GSTIN_FORMAT_MESSAGE, GSTIN_PATTERN, gstinProblem } from './gstin';
import type { Field } from './types';

// Named checks of the field vocabulary: a field says `check: 'gstin'` and both halves run the same check with the
// same sentence, the app's validator as the user types and the API's save (server/engine/rowRules.ts) before
// anything is stored, so no entity needs a hook or a pattern of its own for them.

/** A phone number as people write it: digits, spaces, +, -, brackets; 10 to 15 digits in all (see `phone`). */
export const PHONE_PATTERN = '^\\+?[0-9 ()-]{10,20}$';

export interface NamedCheck {
    /** The shape the whole value must have (empty is left to `required`): the JSON schema and the input hold it. */
    pattern: string;
    /** The sentence when the value is malformed, unless the field says its own. */
    message: string;
    /** At most this many characters, unless the field says otherwise. */
    max: number;
    /**
     * What the pattern cannot say (a check character, a count of digits): the sentence, or undefined. `other` is the
     * row's value of the field's `checkWith`; `message` is the field's own sentence for a malformed value.
     */
    problem?: (value: string, other: unknown, message: string) => string | undefined;
}

const digits = (value: string) => value.replace(/\D/g, '').length;

export const CHECKS = {
    /** A GST identification number: its shape, its check character, and the state beside it (`checkWith`) when given. */
    gstin: {
        pattern: GSTIN_PATTERN,
        message: GSTIN_FORMAT_MESSAGE,
        max: 15,
        problem: (value, state) => gstinProblem(value, typeof state === 'string' ? state : null),
    },
    phone: {
        pattern: PHONE_PATTERN,
        message: 'Please enter a valid phone number (10-15 digits).',
        max: 20,
        problem: (value, _, message) => (digits(value) < 10 || digits(value) > 15 ? message : undefined),
    },
    /** An Indian PIN code: six digits, none starting with 0. */
    pincode: { pattern: '^[1-9][0-9]{5}$', message: 'Please enter a valid 6-digit pincode', max: 6 },
} satisfies Record<string, NamedCheck>;

export type CheckName = keyof typeof CHECKS;

/** The named check a field runs: its own `check`, or its type's (a phone field checks a phone number). */
export function checkOf(field: Field): NamedCheck | undefined {
    if (field.check) return CHECKS[field.check];
    return field.type === 'phone' ? CHECKS.phone : undefined;
}

/**
 * What is wrong with `row[name]` by the field's named check, or undefined: the one function both halves call.
 * Empty is not checked here (that is `required`'s to say).
 */
export function checkProblem(name: string, field: Field, row: Record<string, unknown>): string | undefined {
    const check = checkOf(field);
    const value = row[name];
    if (!check || value == null || String(value).trim() === '') return undefined;
    const text = String(value).trim();
    const message = field.message ?? check.message;
    if (!new RegExp(check.pattern).test(text)) return message;
    return check.problem?.(text, field.checkWith ? row[field.checkWith] : undefined, message);
}
