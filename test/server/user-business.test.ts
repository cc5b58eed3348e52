// Not run again on PostgreSQL: one plain update and the GSTIN check.
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, GSTIN_CHECK_MESSAGE } from '../../schema/gstin';
import { loadInvoice } from '../../server/features/invoices/taxInvoice';
import { basket, orderShop, placed } from './orderShop';

// Staff see a customer's GSTIN and business name on the user screens; an administrator enters them (checked as every
// GSTIN is), and the customer's next invoice is a B2B tax invoice naming them.

const SHOP_GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const BUYER_GSTIN = `29AABCR5678B1Z${gstinCheckCharacter('29AABCR5678B1Z')}`;

describe("a customer's business details on the user screens", () => {
    it('are set by an administrator, checked, read by staff, cleared with blanks, and named on the next invoice', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        const asha = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'asha@shop.test').executeTakeFirstOrThrow();
        const url = `/api/users/${asha.id}/business`;

        // A wrong check character, a malformed GSTIN and an over-long name are 400s with the reason on the field.
        const wrongCheck = `29AABCR5678B1Z${gstinCheckCharacter('29AABCR5678B1Z') === 'A' ? 'B' : 'A'}`;
        const refused = await shop.admin('POST', url, { gstin: wrongCheck, businessName: 'Udupi Hotels' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors.gstin).toBe(GSTIN_CHECK_MESSAGE);
        const malformed = await shop.admin('POST', url, { gstin: '29ABC' });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().errors.gstin).toMatch(/GSTIN/);
        expect((await shop.admin('POST', url, { businessName: 'x'.repeat(201) })).statusCode).toBe(400);
        expect((await shop.admin('POST', url, { gstin: BUYER_GSTIN, role: 1 })).statusCode).toBe(400);
        // Only an administrator writes; a seller and the customer themselves are refused here.
        expect((await shop.seller('POST', url, { gstin: BUYER_GSTIN })).statusCode).toBe(403);
        expect((await shop.asha('POST', url, { gstin: BUYER_GSTIN })).statusCode).toBe(403);
        expect((await shop.admin('POST', '/api/users/9999/business', { gstin: BUYER_GSTIN })).statusCode).toBe(404);

        // Lower case is taken as upper; spaces round the name go.
        const saved = await shop.admin('POST', url, { gstin: BUYER_GSTIN.toLowerCase(), businessName: '  Udupi Hotels Pvt Ltd ' });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toMatchObject({ success: true, data: { id: asha.id, gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' } });
        // Staff read them: an administrator and a seller (they are printed on every invoice, not contact details).
        expect((await shop.admin('GET', `/api/users/${asha.id}`)).json()).toMatchObject({ gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' });
        const asSeller = (await shop.seller('GET', `/api/users/${asha.id}`)).json();
        expect(asSeller).toMatchObject({ gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' });
        // Staff see customers' contact details too (docs/api.md, "Customers' contact details").
        expect(asSeller.email).toBe('asha@shop.test');
        const audit = await shop.app.db.selectFrom('auditLog').select(['action', 'entity', 'record']).where('entity', '=', 'users').where('record', '=', asha.id).execute();
        expect(audit).toContainEqual({ action: 'update', entity: 'users', record: asha.id });

        // The customer's next invoice is a B2B tax invoice naming them.
        await shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: SHOP_GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' });
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        for (const status of ['packed', 'out_for_delivery', 'delivered']) expect((await shop.admin('POST', `/api/orderr/${order.id}/status`, { status })).statusCode).toBe(200);
        expect(await loadInvoice(shop.app.db, order.id)).toMatchObject({ kind: 'tax-invoice', buyer: { gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' } });

        // Blanks clear them; a field left out is left alone.
        expect((await shop.admin('POST', url, { gstin: '' })).json().data).toMatchObject({ gstin: null, businessName: 'Udupi Hotels Pvt Ltd' });
        expect((await shop.admin('POST', url, { businessName: ' ' })).json().data).toMatchObject({ gstin: null, businessName: null });
    });
});
