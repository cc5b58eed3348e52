import { email, maxLength, regex, required, type Validator } from 'react-admin';

import { parseDecimal } from '../../schema/decimal';
import { decimalRule, isDecimalType, patternOf } from '../../schema/fields';
import { fieldMessage } from '../../schema/messages';
import type { EntitySchema, Field } from '../../schema/types';

/** Refuses, in the API's own words, an amount the API would refuse (negative, too many decimals, too large). */
const decimal =
    (rule: ReturnType<typeof decimalRule>): Validator =>
    (value: unknown) =>
        value == null || value === '' ? undefined : parseDecimal(value, rule).problem;

/**
 * The browser-side checks of one field, with the messages the API answers: the schema says each rule and
 * its sentence once, and both halves read them from there.
 */
export function validatorsFor(name: string, field: Field, mode: 'create' | 'edit', target?: EntitySchema): Validator[] {
    const message = fieldMessage(name, field, target);
    const validators: Validator[] = [];
    if (field.required === true || (field.required === 'create' && mode === 'create')) validators.push(required(message));
    if (isDecimalType(field.type)) validators.push(decimal(decimalRule(name, field)));
    if (field.type === 'email') validators.push(email(message));
    else {
        const pattern = patternOf(field);
        if (pattern) validators.push(regex(new RegExp(pattern), message));
    }
    if (field.max && !isDecimalType(field.type) && field.type !== 'number' && field.type !== 'integer') validators.push(maxLength(field.max));
    return validators;
}
