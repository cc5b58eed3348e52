import { email, maxLength, regex, required, type Validator } from 'react-admin';

import { checkOf, checkProblem } from '../../schema/checks';
import { parseDecimal } from '../../schema/decimal';
import { decimalRule, isDecimalType, patternOf } from '../../schema/fields';
import { fieldMessage } from '../../schema/messages';
import type { EntitySchema, Field } from '../../schema/types';

/** A date input's value as the API's YYYY-MM-DD, so two dates compare as text. */
const dateText = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

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
    if (checkOf(field)?.problem) validators.push((value: unknown, values: Record<string, unknown>) => checkProblem(name, field, { ...values, [name]: value }));
    if (field.notBefore) {
        const { field: other, message: notBefore } = field.notBefore;
        validators.push((value: unknown, values: Record<string, unknown>) =>
            value && values?.[other] && dateText(value) < dateText(values[other]) ? notBefore : undefined
        );
    }
    if (field.notAbove) {
        const { field: other, message: notAbove } = field.notAbove;
        validators.push((value: unknown, values: Record<string, unknown>) => {
            const ceiling = values?.[other];
            if (value == null || value === '' || ceiling == null || ceiling === '') return undefined;
            return Number(value) > Number(ceiling) ? notAbove : undefined;
        });
    }
    if (field.rangeBy) {
        const { field: other, ranges } = field.rangeBy;
        validators.push((value: unknown, values: Record<string, unknown>) => {
            const range = ranges[String(values?.[other])];
            if (!range || value == null || value === '') return undefined;
            const amount = Number(value);
            return (range.min !== undefined && amount < range.min) || (range.max !== undefined && amount > range.max) ? range.message : undefined;
        });
    }
    if (field.max && !isDecimalType(field.type) && field.type !== 'number' && field.type !== 'integer') validators.push(maxLength(field.max));
    return validators;
}
