// Not run again on PostgreSQL: order fields and packing-slip PDFs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { pdfText } from './pdfText';

// What the rider needs at the door: the customer's phone, the cash to collect, the staff's note, on a slip that
// reads on an A4 sheet or an A6 label.

const ASHA_PHONE = '9876543210';

async function shopWithPhones() {
    const shop = await orderShop();
    await shop.app.db.updateTable('users').set({ contactNo: ASHA_PHONE }).where('email', '=', 'asha@shop.test').execute();
    await shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', tradingName: 'Fresh Basket' });
    return shop;
}

const slipOf = async (shop: OrderShop, id: number, query = '') => {
    const res = await shop.seller('GET', `/api/orderr/${id}/packing-slip${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
};

/** poppler's page size line: "Page size: 297.638 x 419.528 pts (A6)". */
function pageSize(body: Buffer) {
    const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'doc.pdf');
    writeFileSync(file, body);
    return /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1];
}

describe("the rider's order", () => {
    it("keeps the customer's phone as it was when they ordered, on the order and in the list", async () => {
        const shop = await shopWithPhones();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        await shop.app.db.updateTable('users').set({ contactNo: '9000000000' }).where('email', '=', 'asha@shop.test').execute();
        const detail = (await shop.seller('GET', `/api/orderr/${order.id}`)).json();
        expect(detail.customer).toMatchObject({ name: 'Asha Sharma', email: 'asha@shop.test', phone: ASHA_PHONE });
        expect(detail.deliveryNote).toBeNull();
        const listed = (await shop.seller('GET', '/api/v1/orders?sort=id&order=DESC')).json();
        expect(listed[0].customer.phone).toBe(ASHA_PHONE);
        // A customer without a phone orders all the same; the order says it has none.
        const ravis = await placed(shop.ravi, { ...basket, paymentMethod: 'cod' });
        expect((await shop.ravi('GET', `/api/orderr/${ravis.id}`)).json().customer.phone).toBeNull();
    });

    it('takes a delivery note from staff, trimmed, and removes it when emptied; customers and long notes are refused', async () => {
        const shop = await shopWithPhones();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        const set = await shop.seller('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: '  Gate 2, call first  ' });
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json().deliveryNote).toBe('Gate 2, call first');
        expect((await shop.asha('GET', `/api/orderr/${order.id}`)).json().deliveryNote).toBe('Gate 2, call first');
        expect((await shop.asha('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: 'mine' })).statusCode).toBe(403);
        const long = await shop.admin('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: 'x'.repeat(501) });
        expect(long.statusCode).toBe(400);
        expect(long.json().message).toMatch(/at most 500 characters/);
        expect((await shop.admin('PUT' as 'POST', '/api/orderr/999/delivery-note', { note: 'x' })).statusCode).toBe(404);
        expect((await shop.admin('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, {})).statusCode).toBe(400);
        const cleared = await shop.admin('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: '   ' });
        expect(cleared.json().deliveryNote).toBeNull();
        // Each change is in the order's history and the activity log; the same note again adds neither.
        const full = 'y'.repeat(500);
        expect((await shop.admin('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: full })).json().deliveryNote).toBe(full);
        const again = (await shop.admin('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: full })).json();
        expect(again.history.map((h: { note: string | null; changedBy: string | null }) => [h.note?.slice(0, 40), h.changedBy])).toEqual([
            [undefined, 'Asha Sharma'],
            ['Delivery note: Gate 2, call first', 'Sunil Seller'],
            ['Delivery note removed', 'Test User'],
            [`Delivery note: ${'y'.repeat(25)}`, 'Test User'],
        ]);
        expect(again.history.at(-1).note).toHaveLength(500);
        const logged = await shop.app.db.selectFrom('auditLog').select('changes').where('entity', '=', 'orders').where('record', '=', order.id).orderBy('id').execute();
        expect(logged.map((row) => JSON.parse(row.changes!).deliveryNote.after?.slice(0, 20) ?? null)).toEqual(['Gate 2, call first', null, 'y'.repeat(20)]);
    });
});

describe('the packing slip', () => {
    it('names the shop by its trading name and gives the phone, the note and the cash to collect for cash on delivery', async () => {
        const shop = await shopWithPhones();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod', address: '4 Lake View, Indiranagar' });
        await shop.seller('PUT' as 'POST', `/api/orderr/${order.id}/delivery-note`, { note: 'Gate 2, call first' });
        const text = pdfText(await slipOf(shop, order.id));
        // 3 × 189.00 + 549.99 + 25.50 delivery.
        expect(order.totalPrice).toBe(1142.49);
        expect(text).toContain('Collect ₹1,142.49');
        expect(text).toContain(`Phone ${ASHA_PHONE}`);
        expect(text).toContain('Note: Gate 2, call first');
        expect(text).toContain('Fresh Basket');
        expect(text).not.toContain('Retail Pvt Ltd');
        // Lines still carry no prices.
        expect(text).not.toMatch(/189\.00|549\.99/);
    });

    it('says there is nothing to collect once the order is paid online', async () => {
        const shop = await shopWithPhones();
        const order = await placed(shop.ravi);
        const created = (await shop.ravi('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = (await shop.anonymous('POST', `/api/test-checkout/${created.orderId}`, { outcome: 'pay' })).json();
        await shop.ravi('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        const text = pdfText(await slipOf(shop, order.id));
        expect(text).toContain('Paid online: nothing to collect');
        expect(text).not.toContain('Collect ₹');
    });

    it('prints on an A6 label as well as A4, every line and the amount readable; other sizes are refused', async () => {
        const shop = await shopWithPhones();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod', address: '4 Lake View, 2nd Cross, HAL 2nd Stage, Indiranagar, Bengaluru' });
        await shop.admin('POST', '/api/products/2', { sku: 'GHEE-1L', barcode: '8901234567890' });
        const a4 = await slipOf(shop, order.id);
        const a6 = await slipOf(shop, order.id, '?size=a6');
        expect(pageSize(a4)).toMatch(/\(A4\)/);
        expect(pageSize(a6)).toMatch(/^297\.6\d* x 419\.5\d* pts/);
        const label = pdfText(a6);
        for (const words of ['Collect ₹1,142.49', `Phone ${ASHA_PHONE}`, 'Shimla Apples 1 kg', 'Desi Ghee 1 L', 'GHEE-1L', 'PIN 560034', 'Indiranagar', '2 items, 4 units']) {
            expect(label, words).toContain(words);
        }
        expect(pdfText(a4)).toContain('Packed');
        expect(label).not.toContain('Packed');
        const bulk = await shop.admin('GET', `/api/orderr/packing-slips?ids=${order.id}&size=a6`);
        expect(pageSize(bulk.rawPayload)).toMatch(/^297\.6\d* x 419\.5\d* pts/);
        for (const url of [`/api/orderr/${order.id}/packing-slip?size=a5`, `/api/orderr/packing-slips?ids=${order.id}&size=letter`]) {
            const bad = await shop.admin('GET', url);
            expect(bad.statusCode, url).toBe(400);
            expect(bad.json().message).toBe('The size must be a4 or a6');
        }
    });
});
