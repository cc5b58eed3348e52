import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { adminApp } from './catalogue';
import { form, PNG, signIn } from './helpers';

describe('settings', () => {
    const shop = { website: 'https://freshcart.in', email: 'hello@freshcart.in', contact: '+91 98450 12345', facebook: 'https://facebook.com/freshcart' };

    it('are for administrators only, to read as well as to write', async () => {
        const t = await adminApp();
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: seller })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'POST', url: '/api/settings', headers: seller, payload: shop })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    });

    it('take social links as http(s) links only', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/settings', form({ ...shop, instagram: 'javascript:alert(1)', email: 'not-an-address' }));
        expect(res.json().errors).toEqual({
            instagram: 'Please enter the Instagram page as an http(s) link',
            email: 'Please enter a valid email address.',
        });
        const saved = await call('POST', '/api/settings', form({ ...shop, logo: PNG }));
        expect(saved.statusCode).toBe(201);
        expect(saved.json().data).toMatchObject({ website: 'https://freshcart.in', logo: expect.stringMatching(/^\/uploads\//) });
        expect((await call('GET', '/api/settings')).json()).toEqual({ success: true, data: [expect.objectContaining({ website: 'https://freshcart.in' })] });
    });

    it('keep one row active: activating one deactivates the others', async () => {
        const { call } = await adminApp();
        const first = (await call('POST', '/api/settings', shop)).json().data;
        const second = (await call('POST', '/api/settings', { ...shop, website: 'https://freshcart.co.in' })).json().data;
        const statuses = async () => (await call('GET', '/api/settings?sort=id')).json().data.map((row: { id: number; status: number }) => [row.id, row.status]);
        expect(await statuses()).toEqual([
            [first.id, 0],
            [second.id, 1],
        ]);
        await call('POST', `/api/settings/${first.id}/toggle`, { status: 1 });
        expect(await statuses()).toEqual([
            [first.id, 1],
            [second.id, 0],
        ]);
        // Two activations at once still leave one active row.
        await Promise.all([call('POST', `/api/settings/${first.id}/toggle`, { status: 1 }), call('POST', `/api/settings/${second.id}/toggle`, { status: 1 })]);
        expect((await statuses()).filter(([, status]: number[]) => status === 1)).toHaveLength(1);
    });
});
