// Not run again on PostgreSQL: plain CRUD, search and sort; that SQL runs there in list-cache-layer and search.
import { describe, expect, it } from 'vitest';
import { adminApp } from './catalogue';

describe('pincodes', () => {
    it('creates a pincode with its delivery charge, saved active even when status 0 is sent', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/pincode', { pincode: '560034', prize: '25.50', status: 0 });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ success: true, message: 'Pincode added successfully', data: { id: 1, pincode: '560034', prize: 25.5, status: 1 } });
    });

    it('accepts a pincode and charge sent as JSON numbers', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/pincode', { pincode: 400001, prize: 49 });
        expect(res.json().data).toMatchObject({ pincode: '400001', prize: 49 });
    });

    it('refuses a pincode that is not six digits or starts with 0', async () => {
        const { call } = await adminApp();
        for (const pincode of ['012345', '56003', '5600345', '56003a', ' 560034']) {
            const res = await call('POST', '/api/pincode', { pincode, prize: 10 });
            expect(res.statusCode, pincode).toBe(400);
            expect(res.json().errors.pincode).toBe('Please enter a valid 6-digit pincode');
        }
    });

    it('refuses a pincode that already exists, with 409 and a field message', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/pincode', { pincode: '110001', prize: 45 });
        const res = await call('POST', '/api/pincode', { pincode: '110001', prize: 30 });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ success: false, message: 'This pincode already exists', errors: { pincode: 'This pincode already exists' } });
    });

    it('refuses an update to a pincode another row has, but not to its own', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/pincode', { pincode: '110001', prize: 45 });
        await call('POST', '/api/pincode', { pincode: '110017', prize: 35 });
        expect((await call('POST', '/api/pincode/2', { pincode: '110001' })).statusCode).toBe(409);
        const own = await call('POST', '/api/pincode/2', { pincode: '110017', prize: '30.00' });
        expect(own.json()).toMatchObject({ success: true, message: 'Pincode updated successfully', data: { pincode: '110017', prize: 30, status: 1 } });
    });

    it('refuses a missing pincode and charge, and a negative or over-precise charge', async () => {
        const { call } = await adminApp();
        expect((await call('POST', '/api/pincode', {})).json().errors).toEqual({ pincode: 'Please enter a valid 6-digit pincode', prize: 'Please enter the delivery charge' });
        expect((await call('POST', '/api/pincode', { pincode: '560001', prize: -1 })).json().errors.prize).toBe('Delivery charge cannot be negative');
        expect((await call('POST', '/api/pincode', { pincode: '560001', prize: '1.999' })).json().errors.prize).toBe('Delivery charge can have at most 2 decimal places');
    });

    it('toggles the status to the value sent', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/pincode', { pincode: '560066', prize: 40 });
        const res = await call('POST', '/api/pincode/1/toggle', { status: 0 });
        expect(res.json()).toMatchObject({ success: true, message: 'Pincode status toggled successfully', data: { status: 0 } });
    });

    it('reads and deletes a pincode', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/pincode', { pincode: '560066', prize: 40 });
        expect((await call('GET', '/api/pincode/1')).json()).toMatchObject({ id: 1, pincode: '560066', prize: 40 });
        expect((await call('DELETE', '/api/pincode/1')).json()).toEqual({ success: true, message: 'Pincode deleted successfully', data: { id: 1 } });
        expect((await call('GET', '/api/pincode/1')).json()).toMatchObject({ success: false, message: 'Pincode not found' });
    });

    it('searches by pincode and sorts by charge numerically', async () => {
        const { call } = await adminApp();
        for (const [pincode, prize] of [['560001', '100'], ['560034', '9.5'], ['400001', '20']]) await call('POST', '/api/pincode', { pincode, prize });
        const sorted = await call('GET', '/api/pincode?sort=prize&order=ASC');
        expect(sorted.json().map((p: { prize: number }) => p.prize)).toEqual([9.5, 20, 100]);
        const bengaluru = await call('GET', '/api/pincode?q=560');
        expect(bengaluru.headers['x-total-count']).toBe('2');
    });
});
