import { describe, expect, it } from 'vitest';
import { makeApp, signIn } from './helpers';

// A field's `unique` and an entity's `unique` are one rule: text compared without case or surrounding spaces,
// by the API's check and by the database's index (so two requests at once get the same answer).
const coupon = (couponCode: string) => ({
    couponCode,
    heading: 'Ten off',
    discountType: 'fixed',
    discountValue: 1000,
    startDate: '2026-01-01',
    expiryDate: '2026-12-31',
});

describe('unique values', () => {
    it('clash on a field-level unique name whatever its case and spaces (page categories)', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const first = await t.app.inject({ method: 'POST', url: '/api/add-Pagecategory', headers, payload: { name: 'About us' } });
        expect(first.statusCode, first.body).toBe(201);
        const again = await t.app.inject({ method: 'POST', url: '/api/add-Pagecategory', headers, payload: { name: '  ABOUT US ' } });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ message: 'A page category with this name already exists', errors: { name: 'A page category with this name already exists' } });
        // Renaming a row to its own name in another case is not a clash with itself.
        const id = first.json().data.id;
        const renamed = await t.app.inject({ method: 'POST', url: '/api/add-Pagecategory', headers, payload: { id, name: 'About Us' } });
        expect(renamed.statusCode, renamed.body).toBe(200);
    });

    it('gives two requests at once the same answer from the index: one saved, one 409 with the field message', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const answers = await Promise.all(
            ['Help', 'HELP', ' help', 'Help '].map((name) => t.app.inject({ method: 'POST', url: '/api/add-Pagecategory', headers, payload: { name } })),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
        for (const answer of answers.filter((a) => a.statusCode === 409)) {
            expect(answer.json().errors).toEqual({ name: 'A page category with this name already exists' });
        }
    });

    it('holds in the database itself: an index on the text without case or spaces, for each field-level unique', async () => {
        const t = await makeApp();
        const now = new Date().toISOString();
        const insert = (table: string, row: Record<string, unknown>) =>
            (t.app.db as never as { insertInto: (table: string) => { values: (row: object) => { execute: () => Promise<unknown> } } })
                .insertInto(table)
                .values({ ...row, status: 1, createdAt: now, updatedAt: now })
                .execute();
        await insert('pageCategories', { name: 'Terms' });
        await expect(insert('pageCategories', { name: ' terms ' })).rejects.toThrow();
        await insert('pincodes', { pincode: '560001', prize: 0 });
        await expect(insert('pincodes', { pincode: ' 560001', prize: 0 })).rejects.toThrow();
        await insert('coupons', coupon('SAVE10'));
        await expect(insert('coupons', coupon('save10 '))).rejects.toThrow();
    });
});
