// Not run again on PostgreSQL: PDF text of one invoice; the counter's races run there in invoices.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { gstinCheckCharacter } from '../../schema/gstin';
import { loadInvoice } from '../../server/features/invoices/taxInvoice';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { pdfText } from './pdfText';

// A packaged good's invoice line shows its MRP and what the customer saved against it; a line without one prints as before.

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const registered = { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' };

/** Delivers a cash-on-delivery order of the basket, which issues its invoice; answers the PDF and its figures. */
async function invoiced(shop: OrderShop) {
    const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
    for (const status of ['packed', 'out_for_delivery', 'delivered']) {
        const moved = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
    }
    const pdf = await shop.admin('GET', `/api/orderr/${order.id}/invoice`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    if (process.env.INVOICE_PNG) execFileSync('pdftoppm', ['-png', '-r', '80', '-', process.env.INVOICE_PNG], { input: pdf.rawPayload });
    return { pdf: pdf.rawPayload, text: pdfText(pdf.rawPayload), invoice: (await loadInvoice(shop.app.db, order.id))!, orderId: order.id };
}

describe("the invoice's MRP", () => {
    it("prints each line's MRP under its name with the line's saving, and the whole saving under the total", async () => {
        const shop = await orderShop();
        expect((await shop.admin('POST', '/api/settings', registered)).statusCode).toBe(201);
        // The apples sell at 189 against an MRP of 200: 3 bought save 33.
        const priced = await shop.admin('POST', '/api/products/1', { mrp: 200 });
        expect(priced.statusCode, priced.body).toBe(200);
        const { text, invoice } = await invoiced(shop);
        expect(text).toMatch(/1\s+Shimla Apples 1 kg\s+—\s+3 NOS\s+189\.00/);
        expect(text).toMatch(/MRP 200\.00 · You save 33\.00/);
        expect(text).toMatch(/You saved ₹33\.00 on the MRP of these goods\./);
        // The ghee has no MRP: its line says nothing of one.
        expect(text.match(/MRP \d/g)).toHaveLength(1);
        expect(invoice.lines.map((line) => line.mrp)).toEqual([20000, null, null]);
        // The totals are untouched by it.
        expect(invoice.taxable + invoice.cgst + invoice.sgst + invoice.igst).toBe(invoice.total);
    });

    it('keeps the MRP the product had when the invoice was made', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products/2', { mrp: 600 });
        const { orderId } = await invoiced(shop);
        expect((await shop.admin('POST', '/api/products/2', { mrp: 700 })).statusCode).toBe(200);
        const again = pdfText((await shop.admin('GET', `/api/orderr/${orderId}/invoice`)).rawPayload);
        expect(again).toMatch(/MRP 600\.00 · You save 50\.01/);
        expect(again).not.toMatch(/MRP 700/);
    });

    it('shows the MRP without a saving when the price is the MRP', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products/2', { mrp: 549.99 });
        const { text } = await invoiced(shop);
        expect(text).toMatch(/MRP 549\.99\s/);
        expect(text).not.toMatch(/You save/);
        expect(text).not.toMatch(/You saved/);
    });
});
