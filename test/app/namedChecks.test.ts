import { beforeEach, describe, expect, it } from 'vitest';

import { checkProblem } from '../../schema/checks';
import { gstinCheckCharacter } from '../../schema/gstin';
import { pincode } from '../../schema/pincode';
import { settings } from '../../schema/settings';
import type { EntitySchema } from '../../schema/types';
import { validatorsFor } from '../../src/crud/validators';
import { makeApp, signIn, type TestApp } from '../server/helpers';

type Values = Record<string, unknown>;

/** The app's first refusal of a field's value, as its form shows it (react-admin's own validators answer {message, args}). */
async function appSays(entity: EntitySchema, name: string, values: Values): Promise<string | undefined> {
    for (const validate of validatorsFor(name, entity.fields[name], 'create')) {
        const said = await validate(values[name], values, {});
        if (said) return typeof said === 'string' ? said : said.message;
    }
    return undefined;
}

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const WRONG_CHECK = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z') === '0' ? '1' : '0'}`;
const shop = { website: 'https://freshbasket.test', gstin: GSTIN, state: 'Karnataka', contact: '9876543210' };

let t: TestApp;
let headers: Record<string, string>;
beforeEach(async () => {
    t = await makeApp();
    headers = await signIn(t);
});

/** The API's field message for a create of `values`, or undefined when it saves them. */
async function apiSays(path: string, values: Values, field: string): Promise<string | undefined> {
    const answer = await t.app.inject({ method: 'POST', url: `/api${path}`, headers, payload: values });
    if (answer.statusCode < 300) return undefined;
    expect(answer.statusCode, answer.body).toBe(400);
    return answer.json().errors?.[field];
}

describe('a named check (schema/checks.ts)', () => {
    it.each([
        ['a GSTIN whose check character is wrong', 'gstin', { ...shop, gstin: WRONG_CHECK }, /does not match the other 14/],
        ['a GSTIN of another state than the shop’s', 'gstin', { ...shop, gstin: '27AAPFU0939F1ZV' }, /registered in Maharashtra/],
        ['a GSTIN of the wrong shape', 'gstin', { ...shop, gstin: '27AAPFU0939' }, /^Please enter the GSTIN as 15 characters/],
        ['a phone number of too few digits', 'contact', { ...shop, contact: '(98) 765-43-2' }, /10-15 digits/],
        ['a phone number of too many digits', 'contact', { ...shop, contact: '+91 98765 43210 1234' }, /10-15 digits/],
    ])('refuses %s with the same sentence in the app and in the API', async (_, field, values, expected) => {
        const app = await appSays(settings, field, values);
        expect(app).toMatch(expected);
        expect(await apiSays('/settings', values, field)).toBe(app);
        expect(checkProblem(field, settings.fields[field as 'gstin'], values)).toBe(app);
    });

    it('refuses a pincode that starts with 0 with the same sentence in the app and in the API', async () => {
        const values = { pincode: '012345', prize: 40 };
        const app = await appSays(pincode, 'pincode', values);
        expect(app).toBe('Please enter a valid 6-digit pincode');
        expect(await apiSays('/pincode', values, 'pincode')).toBe(app);
    });

    it('lets through, in both halves, what is right: the API then saves it', async () => {
        for (const field of ['gstin', 'contact']) expect(await appSays(settings, field, shop)).toBeUndefined();
        expect(await apiSays('/settings', shop, 'gstin')).toBeUndefined();
        expect(await appSays(pincode, 'pincode', { pincode: '560001' })).toBeUndefined();
        expect(await apiSays('/pincode', { pincode: '560001', prize: 40 }, 'pincode')).toBeUndefined();
    });

    it('checks a kept GSTIN again when only the state beside it changes', async () => {
        const made = await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: shop });
        expect(made.statusCode, made.body).toBe(201);
        const moved = await t.app.inject({ method: 'POST', url: `/api/settings/${made.json().data.id}`, headers, payload: { state: 'Kerala' } });
        expect(moved.statusCode).toBe(400);
        expect(moved.json().errors.gstin).toMatch(/registered in Karnataka \(it starts with 29\), but the shop's state is Kerala/);
    });
});
