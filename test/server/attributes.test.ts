// Not run again on PostgreSQL: plain CRUD, toggle and list; the list SQL runs there in list-cache-layer and record-json.
import { describe, expect, it } from 'vitest';
import { adminApp, apples, catalogueBasics } from './catalogue';

const weight = { name: 'Weight', value: '1 kg', description: 'Net weight', status: 1 };

describe('attributes', () => {
    it('creates an attribute, saved inactive even when the client sends status 1', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/attribute', weight);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ success: true, message: 'Attribute added successfully!', data: { id: 1, name: 'Weight', value: '1 kg', description: 'Net weight', status: 0 } });
    });

    it('saves an attribute inactive on create on /api/v1 too, whatever status is sent, and the status is set afterwards', async () => {
        const { call, app, headers } = await adminApp();
        const legacy = await call('POST', '/api/attribute', weight);
        const v1 = await call('POST', '/api/v1/attribute', { ...weight, value: '2 kg' });
        expect(v1.statusCode, v1.body).toBe(201);
        expect(v1.json()).toMatchObject({ name: 'Weight', value: '2 kg', status: 0 });
        expect([legacy.json().data.status, (await call('GET', `/api/v1/attribute/${v1.json().id}`)).json().status]).toEqual([0, 0]);
        // Still checked: a status neither 0 nor 1 is a 400 on the create that ignores it.
        expect((await call('POST', '/api/v1/attribute', { ...weight, value: '3 kg', status: 7 })).statusCode).toBe(400);
        const on = await app.inject({ method: 'PUT', url: `/api/v1/attribute/${v1.json().id}`, headers, payload: { status: 1 } });
        expect(on.json().status).toBe(1);
    });

    it('saves GST rates and pincodes active on create on both routes, whatever status is sent', async () => {
        const { call } = await adminApp();
        const gst = { type: 'IGST', description: '5% slab', percent: 5, status: 0 };
        const saved = [
            (await call('POST', '/api/gst', gst)).json().data,
            (await call('POST', '/api/v1/gst', { ...gst, description: '12% slab', percent: 12 })).json(),
            (await call('POST', '/api/pincode', { pincode: '560001', prize: 40, status: 0 })).json().data,
            (await call('POST', '/api/v1/pincode', { pincode: '560002', prize: 40, status: 0 })).json(),
        ];
        expect(saved.map((record) => record.status)).toEqual([1, 1, 1, 1]);
    });

    it('saves an update inactive again, whatever status the client sends', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/attribute', weight);
        await call('POST', '/api/attribute/1/toggle-status', { status: 1 });
        const res = await call('POST', '/api/attribute/1', { ...weight, value: '2 kg' });
        expect(res.json()).toMatchObject({ success: true, message: 'Attribute updated successfully!', data: { value: '2 kg', status: 0 } });
    });

    it('refuses a missing name and value with field messages', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/attribute', { description: 'No name' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ name: 'Please enter the attribute name', value: 'Please enter the attribute value' });
    });

    it('flips the status when toggle-status has no body, and answers a message to show', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/attribute', weight);
        const on = await call('POST', '/api/attribute/1/toggle-status');
        expect(on.json()).toMatchObject({ success: true, message: 'Attribute status toggled successfully!', data: { status: 1 } });
        expect((await call('POST', '/api/attribute/1/toggle-status')).json().data.status).toBe(0);
    });

    it('reads one attribute', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/attribute', weight);
        expect((await call('GET', '/api/attribute/1')).json()).toMatchObject({ id: 1, name: 'Weight', value: '1 kg' });
        expect((await call('GET', '/api/attribute/2')).statusCode).toBe(404);
    });

    it('deletes an attribute', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/attribute', weight);
        const res = await call('DELETE', '/api/attribute/1');
        expect(res.json()).toEqual({ success: true, message: 'Attribute deleted successfully!', data: { id: 1 } });
        expect((await call('GET', '/api/attribute/1')).statusCode).toBe(404);
        expect((await call('DELETE', '/api/attribute/1')).statusCode).toBe(404);
    });

    it('refuses to delete an attribute products use', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        await call('POST', '/api/products', apples);
        const res = await call('DELETE', '/api/attribute/1');
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ success: false, message: 'This attribute is used by 1 product; change it first.' });
        expect((await call('GET', '/api/attribute/1')).statusCode).toBe(200);
    });

    it('searches name, value and description, and sorts by value', async () => {
        const { call } = await adminApp();
        for (const [name, value] of [['Weight', '5 kg'], ['Volume', '1 L'], ['Weight', '1 kg']]) await call('POST', '/api/attribute', { name, value });
        const res = await call('GET', '/api/attribute?q=weight&sort=value&order=ASC');
        expect(res.headers['x-total-count']).toBe('2');
        expect(res.json().map((a: { value: string }) => a.value)).toEqual(['1 kg', '5 kg']);
    });
});
