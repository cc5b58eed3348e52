import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import { stateOfPin } from '../../schema/pinCircle';
import { amountInWords } from '../../server/features/invoices/amountInWords';
import { loadInvoice } from '../../server/features/invoices/taxInvoice';
import { fillPincodeStates, wholeRates } from '../../server/db/migrations/2026-11-29-0600-gst-place-of-supply';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { pdfText } from './pdfText';

// The right GST document for every sale: place of supply from the delivery pincode's state, the tax split by it,
// a bill of supply where no GST is charged, an invoice-cum-bill of supply for taxed and exempt goods together, B2B
// invoices naming a business buyer's GSTIN, and the set-up checklist that says what the shop still lacks.

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const BUYER_GSTIN = '27AAPFU0939F1ZV';
const registered = { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' };
const cod = (body: Record<string, unknown> = basket) => ({ ...body, paymentMethod: 'cod' });

async function settings(shop: OrderShop, values: Record<string, unknown> = registered) {
    const made = await shop.admin('POST', '/api/settings', values);
    expect(made.statusCode, made.body).toBe(201);
}

/** Places the order cash on delivery and delivers it, which issues its document; answers the PDF's text and the figures. */
async function sold(shop: OrderShop, body: Record<string, unknown>, as = shop.asha) {
    const order = await placed(as, cod(body));
    for (const status of ['packed', 'out_for_delivery', 'delivered']) {
        const moved = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
    }
    const pdf = await shop.admin('GET', `/api/orderr/${order.id}/invoice`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    return { text: pdfText(pdf.rawPayload), invoice: (await loadInvoice(shop.app.db, order.id))! };
}

/** A nil-rated product (fresh milk), id 5, on an IGST 0 % row. */
async function withMilk(shop: OrderShop) {
    const rate = await shop.admin('POST', '/api/gst', { type: 'IGST', description: 'Nil', percent: 0 });
    const milk = await shop.admin('POST', '/api/products', { name: 'Toned Milk', description: 'Fresh milk', categoryId: '1', subcategoryId: '1', attributeId: '1', gstId: String(rate.json().data?.id ?? rate.json().id), price: '27', hsn: '04011000' });
    expect(milk.statusCode, milk.body).toBe(201);
    return milk.json().data?.id ?? milk.json().id;
}

describe('place of supply and the tax split', () => {
    it('splits CGST + SGST within the state, names the state and its code, taxes the delivery charge and writes the total in words', async () => {
        const shop = await orderShop();
        await settings(shop);
        await shop.admin('POST', '/api/products/1', { hsn: '08081000' });
        const { text, invoice } = await sold(shop, basket);
        expect(text).toContain('TAX INVOICE');
        expect(text).toMatch(/Place of supply\s+Karnataka \(29\)/);
        expect(text).toMatch(/Reverse charge\s+No/);
        // The 8-digit HSN stays on one line beside its item.
        expect(text).toMatch(/1\s+Shimla Apples 1 kg\s+08081000\s+3 NOS\s+189\.00\s+540\.00\s+5%\s+13\.50\s+13\.50\s+567\.00/);
        // ₹25.50 delivery taxed as the principal supply (the apples, the largest line, 5 %): 1.21 of GST in it.
        expect(text).toMatch(/3\s+Delivery charge\s+08081000\s+—\s+25\.50\s+24\.29\s+5%\s+0\.61\s+0\.60\s+25\.50/);
        expect(text).toMatch(/Taxable value\s+1,030\.38/);
        expect(text).toMatch(/CGST\s+56\.06/);
        expect(text).toMatch(/SGST\s+56\.05/);
        expect(text).toMatch(/Total \(₹\)\s+1,142\.49/);
        expect(text).toContain('Rupees One Thousand One Hundred Forty-Two and Forty-Nine Paise Only');
        expect(invoice.taxable + invoice.cgst + invoice.sgst + invoice.igst).toBe(invoice.total);
        expect(invoice.lines.at(-1)).toMatchObject({ kind: 'delivery', gstPercent: 500, taxable: 2429, cgst: 61, sgst: 60, lineTotal: 2550 });
    });

    it('charges IGST to another state, printed as the state with its code', async () => {
        const shop = await orderShop();
        await settings(shop);
        await shop.admin('POST', '/api/pincode/2/toggle', { status: 1 });
        const { text, invoice } = await sold(shop, { ...basket, pincode: '110001' });
        expect(text).toMatch(/Place of supply\s+Delhi \(07\)/);
        expect(text).toMatch(/State: Delhi \(07\)/);
        expect(text).not.toMatch(/CGST/);
        expect(text).toMatch(/Desi Ghee 1 L\s+—\s+1 NOS\s+549\.99\s+466\.09\s+18%\s+83\.90\s+549\.99/);
        expect(invoice).toMatchObject({ intraState: false, placeOfSupplyCode: '07', cgst: 0, sgst: 0 });
        expect(invoice.igst).toBe(invoice.total - invoice.taxable);
    });

    it('refuses an order to a pincode without a state, saying why on the pincode', async () => {
        const shop = await orderShop();
        expect((await shop.admin('POST', '/api/pincode', { pincode: '400001', prize: '60' })).statusCode).toBe(201);
        const refused = await shop.asha('POST', '/api/orders', { ...basket, pincode: '400001' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors.pincode).toMatch(/not said which state it is in/);
    });

    it('counts a CGST or SGST row as half of the rate: a ₹105 item on "CGST 2.5%" carries ₹5.00 of GST', async () => {
        const shop = await orderShop();
        await settings(shop);
        const half = await shop.admin('POST', '/api/gst', { type: 'CGST', description: 'Central half of 5%', percent: 2.5 });
        await shop.admin('POST', '/api/products/3', { gstId: String(half.json().data?.id ?? half.json().id), price: '105' });
        const { invoice } = await sold(shop, { items: [{ productId: 3, quantity: 1 }], pincode: '560034' });
        expect(invoice.lines[0]).toMatchObject({ gstPercent: 500, taxable: 10000, cgst: 250, sgst: 250, lineTotal: 10500 });
    });
});

describe('the document for the sale', () => {
    it('is a bill of supply, with no GST, from a shop not registered under GST', async () => {
        const shop = await orderShop();
        await settings(shop, { ...registered, gstin: '', gstUnregistered: true });
        const { text, invoice } = await sold(shop, basket);
        expect(text).toContain('BILL OF SUPPLY');
        expect(text).not.toContain('TAX INVOICE');
        expect(text).toContain('Not registered under GST');
        expect(text).not.toMatch(/CGST|IGST/);
        expect(text).toMatch(/Bill number\s+INV\//);
        expect(invoice).toMatchObject({ kind: 'bill-of-supply', cgst: 0, sgst: 0, igst: 0 });
    });

    it('is a bill of supply for exempt goods alone, and an invoice-cum-bill of supply for exempt and taxed goods together', async () => {
        const shop = await orderShop();
        await settings(shop);
        const milk = await withMilk(shop);
        const exempt = await sold(shop, { items: [{ productId: milk, quantity: 2 }], pincode: '560034' });
        expect(exempt.text).toContain('BILL OF SUPPLY');
        expect(exempt.text).toMatch(/exempt from GST/);
        const mixed = await sold(shop, { items: [{ productId: milk, quantity: 2 }, { productId: 1, quantity: 1 }], pincode: '560034' });
        expect(mixed.text).toContain('INVOICE-CUM-BILL OF SUPPLY');
        expect(mixed.text).toMatch(/Toned Milk\s+04011000\s+2 NOS\s+27\.00\s+54\.00\s+Nil\s+0\.00\s+0\.00\s+54\.00/);
        expect(mixed.invoice.kind).toBe('invoice-cum-bill-of-supply');
    });

    it("is a B2B tax invoice naming a business customer's GSTIN, checked when they give it", async () => {
        const shop = await orderShop();
        await settings(shop);
        const wrong = await shop.asha('POST', '/api/profile/me', { gstin: '27AAPFU0939F1ZW' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().errors.gstin).toMatch(/does not match the other 14/);
        const given = await shop.asha('POST', '/api/profile/me', { gstin: BUYER_GSTIN.toLowerCase(), businessName: 'Asha Caterers' });
        expect(given.statusCode, given.body).toBe(200);
        expect(given.json().data).toMatchObject({ gstin: BUYER_GSTIN, businessName: 'Asha Caterers' });
        const milk = await withMilk(shop);
        const { text, invoice } = await sold(shop, { items: [{ productId: milk, quantity: 1 }, { productId: 1, quantity: 1 }], pincode: '560034' });
        expect(text).toContain('TAX INVOICE');
        expect(text).toContain('Asha Caterers');
        expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
        expect(invoice.buyer).toEqual({ gstin: BUYER_GSTIN, businessName: 'Asha Caterers' });
    });

    it('never says TAX INVOICE while the shop has not set its legal name and address', async () => {
        const shop = await orderShop();
        await settings(shop, { website: 'https://freshbasket.test', gstin: GSTIN });
        const { text, invoice } = await sold(shop, basket);
        expect(text).not.toContain('TAX INVOICE');
        expect(text).toMatch(/Not a tax invoice: the shop had not yet set its legalName, address/);
        expect(invoice.title).toBe('INVOICE');
    });
});

describe('the set-up checklist', () => {
    it("lists what the settings lack and the pincodes without a state, until they are set", async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/pincode', { pincode: '781001', prize: '60' });
        const before = await shop.seller('GET', '/api/dashboard/setup');
        expect(before.statusCode, before.body).toBe(200);
        expect(before.json()).toEqual({ missing: ['legalName', 'address', 'state', 'gstin'], pincodesWithoutState: ['781001'], pincodesWithoutStateCount: 1 });
        await settings(shop, { ...registered, gstin: '', gstUnregistered: true });
        await shop.admin('POST', '/api/pincode/3', { state: 'Assam' });
        expect((await shop.admin('GET', '/api/dashboard/setup')).json()).toEqual({ missing: [], pincodesWithoutState: [], pincodesWithoutStateCount: 0 });
        expect((await shop.asha('GET', '/api/dashboard/setup')).statusCode).toBe(403);
    });
});

describe('the migration', () => {
    it('moves products off half-rate rows to the whole rate, and fills the states of pincodes whose circle is one state', async () => {
        const shop = await orderShop();
        const db = shop.app.db;
        const now = new Date().toISOString();
        const rate = (type: 'CGST' | 'SGST', percent: number) =>
            db.insertInto('gstRates').values({ type, description: 'half', percent, status: 1, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
        const cgst = await rate('CGST', 250);
        const sgst = await rate('SGST', 2000);
        await db.updateTable('products').set({ gstId: cgst.id }).where('id', '=', 1).execute();
        await db.updateTable('products').set({ gstId: sgst.id }).where('id', '=', 2).execute();
        await db.insertInto('pincodes').values(['400001', '403001', '781001'].map((pincode) => ({ pincode, prize: 100, status: 1, createdAt: now, updatedAt: now }))).execute();
        await db.updateTable('pincodes').set({ state: null }).where('pincode', '=', '560034').execute();

        await wholeRates(db as never);
        await fillPincodeStates(db as never);

        const products = await db.selectFrom('products').innerJoin('gstRates', 'gstRates.id', 'products.gstId').select(['products.id', 'gstRates.type', 'gstRates.percent']).where('products.id', 'in', [1, 2]).orderBy('products.id').execute();
        // 2.5 % CGST → the IGST 5 % row already there (id 1); 20 % SGST → a new IGST 40 % row.
        expect(products).toEqual([{ id: 1, type: 'IGST', percent: 500 }, { id: 2, type: 'IGST', percent: 4000 }]);
        const states = await db.selectFrom('pincodes').select(['pincode', 'state']).orderBy('pincode').execute();
        expect(states).toEqual([
            { pincode: '110001', state: 'Delhi' },
            { pincode: '400001', state: 'Maharashtra' },
            { pincode: '403001', state: 'Goa' },
            { pincode: '560034', state: 'Karnataka' },
            { pincode: '781001', state: null },
        ]);
    });
});

describe('words and circles', () => {
    it('writes amounts in words by the Indian system: thousand, lakh, crore', () => {
        expect(amountInWords(0)).toBe('Rupees Zero Only');
        expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
        expect(amountInWords(10_000_000)).toBe('Rupees One Lakh Only');
        expect(amountInWords(1_234_567_890_5)).toBe('Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only');
        expect(amountInWords(100_000_000_000)).toBe('Rupees One Hundred Crore Only');
        expect(amountInWords(11_000_000)).toBe('Rupees One Lakh Ten Thousand Only');
    });

    it("suggests a PIN's state from its India Post circle, and nothing where the circle spans states", () => {
        expect(stateOfPin('110001')).toBe('Delhi');
        expect(stateOfPin('560034')).toBe('Karnataka');
        expect(stateOfPin('302001')).toBe('Rajasthan');
        expect(stateOfPin('400')).toBe('Maharashtra');
        expect(stateOfPin('403001')).toBe('Goa');
        // Typed so far, "40" could still be Goa's 403, and "16" Chandigarh's 160.
        expect(stateOfPin('40')).toBeUndefined();
        expect(stateOfPin('16')).toBeUndefined();
        expect(stateOfPin('141001')).toBe('Punjab');
        expect(stateOfPin('781001')).toBeUndefined();
        expect(stateOfPin('160017')).toBeUndefined();
        expect(stateOfPin('5')).toBeUndefined();
        expect(stateOfPin('x11001')).toBeUndefined();
    });
});
