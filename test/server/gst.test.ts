// Not run again on PostgreSQL: plain CRUD; hundredths are exact in JavaScript.
import { describe, expect, it } from 'vitest';
import { adminApp, apples, catalogueBasics, type Call } from './catalogue';

const rate = (percent: unknown, type = 'IGST') => ({ type, description: `${String(percent)}% slab`, percent, status: 0 });
const refusal = async (call: Call, percent: unknown) => (await call('POST', '/api/gst', rate(percent))).json().errors?.percent;

describe('GST rates', () => {
    it('creates a rate, saved active even when the client sends status 0', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/gst', rate(18));
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ success: true, message: 'GST added successfully', data: { id: 1, type: 'IGST', description: '18% slab', percent: 18, status: 1 } });
    });

    it('keeps percent exact: 2.5, 18 and 0.01 come back as written and are stored as hundredths', async () => {
        const { app, call } = await adminApp();
        const answered = [];
        for (const percent of [2.5, '18', '0.01']) answered.push((await call('POST', '/api/gst', rate(percent, 'CGST'))).json().data.percent);
        expect(answered).toEqual([2.5, 18, 0.01]);
        const stored = await app.db.selectFrom('gstRates').select('percent').orderBy('id').execute();
        expect(stored.map((r) => r.percent)).toEqual([250, 1800, 1]);
    });

    it('refuses a percent with three decimals', async () => {
        const { call } = await adminApp();
        expect(await refusal(call, 2.555)).toBe('GST percent can have at most 2 decimal places');
        expect(await refusal(call, '0.125')).toBe('GST percent can have at most 2 decimal places');
    });

    it('refuses a percent below 0, above 100 or not a number', async () => {
        const { call } = await adminApp();
        expect(await refusal(call, -5)).toBe('GST percent cannot be negative');
        expect(await refusal(call, '100.01')).toBe('GST percent cannot be more than 100');
        expect(await refusal(call, 'five')).toBe('GST percent must be a number');
        expect(await refusal(call, '')).toBe('Please enter the GST percent');
    });

    it('refuses a type other than CGST, SGST or IGST, and missing fields, with field messages', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/gst', { type: 'VAT' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({
            type: 'Please choose the GST type: CGST, SGST or IGST',
            description: 'Please enter the GST description',
            percent: 'Please enter the GST percent',
        });
    });

    it('saves an update active again, whatever status the client sends', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/gst', rate(5));
        await call('POST', '/api/gst/1/toggle', { status: 0 });
        const res = await call('POST', '/api/gst/1', { ...rate('12.00'), status: 0 });
        expect(res.json()).toMatchObject({ success: true, message: 'GST updated successfully', data: { percent: 12, status: 1 } });
    });

    it('toggles the status to the value sent', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/gst', rate(5));
        const res = await call('POST', '/api/gst/1/toggle', { status: 0 });
        expect(res.json()).toMatchObject({ success: true, message: 'GST status toggled successfully', data: { status: 0 } });
    });

    it('reads one rate, and answers 404 for an unknown id', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/gst', rate(2.5, 'SGST'));
        expect((await call('GET', '/api/gst/1')).json()).toMatchObject({ id: 1, type: 'SGST', percent: 2.5 });
        expect((await call('GET', '/api/gst/2')).json()).toMatchObject({ success: false, message: 'GST rate not found' });
    });

    it('deletes a rate nothing uses', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/gst', rate(5));
        expect((await call('DELETE', '/api/gst/1')).json()).toEqual({ success: true, message: 'GST deleted successfully', data: { id: 1 } });
        expect((await call('GET', '/api/gst')).json()).toEqual([]);
    });

    it('refuses to delete a rate products use, saying how many', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        for (const name of ['Apples', 'Pears', 'Plums']) await call('POST', '/api/products', { ...apples, name });
        const res = await call('DELETE', '/api/gst/1');
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('This GST rate is used by 3 products; change them first.');
    });

    it('sorts by percent numerically and filters by type', async () => {
        const { call } = await adminApp();
        for (const [percent, type] of [[18, 'IGST'], [2.5, 'CGST'], [12, 'IGST'], [5, 'IGST']] as const) await call('POST', '/api/gst', rate(percent, type));
        const sorted = await call('GET', '/api/gst?sort=percent&order=ASC');
        expect(sorted.json().map((r: { percent: number }) => r.percent)).toEqual([2.5, 5, 12, 18]);
        const igst = await call('GET', '/api/gst?type=IGST&sort=percent&order=DESC');
        expect(igst.json().map((r: { percent: number }) => r.percent)).toEqual([18, 12, 5]);
    });
});
