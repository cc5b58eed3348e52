// Not run again on PostgreSQL: plain inserts and the inbox list, one request at a time.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeApp, signIn, type TestApp } from './helpers';
import { mailsTo, member } from './people';
import { ROLE } from '../../schema/access';

const message = {
    name: 'Meera Iyer',
    contactNo: '9876543210',
    email: 'meera@example.in',
    subject: 'Late delivery',
    message: 'My order from Tuesday has not arrived yet.\nCould you check?',
};

const send = (t: TestApp, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/contact', payload });

describe('the contact form', () => {
    it('stores a message from anyone, with its subject, and mails the shop', async () => {
        const t = await makeApp({ adminEmail: 'owner@shop.test' });
        const res = await send(t, message);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ success: true, message: 'Your message has been sent successfully!', data: { id: expect.any(Number) } });
        const stored = await t.app.db.selectFrom('contactMessages').selectAll().executeTakeFirstOrThrow();
        expect(stored).toMatchObject({ ...message, read: 0, readAt: null });
        const [mail] = await mailsTo(t.app, t.config, 'owner@shop.test');
        expect(mail.subject).toBe('Contact message: Late delivery');
        expect(mail.text).toContain('Meera Iyer <meera@example.in>');
        expect(mail.text).toContain('My order from Tuesday has not arrived yet.');
    });

    it('accepts the legacy body without a subject', async () => {
        const t = await makeApp();
        const { subject: _subject, ...legacy } = message;
        expect((await send(t, legacy)).statusCode).toBe(201);
    });

    it("refuses bad fields with the spec's messages", async () => {
        const t = await makeApp();
        const cases: Array<[Record<string, unknown>, string, string]> = [
            [{ ...message, email: 'meera@example' }, 'email', 'Please enter a valid email address.'],
            [{ ...message, contactNo: '98765' }, 'contactNo', 'Please enter a valid contact number (10-15 digits).'],
            [{ ...message, contactNo: '9876543210123456' }, 'contactNo', 'Please enter a valid contact number (10-15 digits).'],
            [{ ...message, name: ' ' }, 'name', 'Please enter your name.'],
            [{ ...message, message: '' }, 'message', 'Please enter your message (at most 5000 characters).'],
            [{ ...message, message: 'x'.repeat(5001) }, 'message', 'Please enter your message (at most 5000 characters).'],
        ];
        for (const [body, field, text] of cases) {
            const res = await send(t, body);
            expect(res.statusCode, field).toBe(400);
            expect(res.json().errors[field]).toBe(text);
        }
        expect((await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' })).statusCode).toBe(400);
        expect(await t.app.db.selectFrom('contactMessages').select('id').execute()).toEqual([]);
    });

    it('is rate-limited per client', async () => {
        const t = await makeApp({ authRateLimit: 2 });
        const codes = [];
        for (let i = 0; i < 3; i++) codes.push((await send(t, message)).statusCode);
        expect(codes).toEqual([201, 201, 429]);
    });

    it('mails staff who asked for it, besides the shop', async () => {
        const t = await makeApp({ adminEmail: 'owner@shop.test' });
        const seller = await member(t, 'seller@shop.test', ROLE.seller);
        await t.app.inject({ method: 'POST', url: '/api/profile/me', headers: seller.headers, payload: { contactAlerts: true } });
        await send(t, message);
        expect((await mailsTo(t.app, t.config, 'seller@shop.test')).filter((m) => m.subject.startsWith('Contact message'))).toHaveLength(1);
    });
});

describe('contact details', () => {
    it('falls back to the shop defaults without site settings, and reads the active settings when they exist', async () => {
        const t = await makeApp({ adminEmail: 'owner@shop.test' });
        const info = await t.app.inject({ method: 'GET', url: '/api/contact-info' });
        expect(info.json()).toEqual({ address: null, phone: null, email: 'owner@shop.test', hours: 'Monday-Friday 9:30AM-06:30PM' });

        // The settings table of the content migration; made here with its columns when that migration is not present.
        const hasSettings = await sql`select 1 from settings`.execute(t.app.db).then(() => true, () => false);
        if (!hasSettings) {
            await sql`create table settings (id integer primary key, website varchar(2000) not null, contact varchar(20), email varchar(254), address varchar(500), hours varchar(120), status integer not null, created_at varchar(32) not null, updated_at varchar(32) not null)`.execute(t.app.db);
        }
        const now = new Date().toISOString();
        await sql`insert into settings (id, website, email, contact, address, hours, status, created_at, updated_at) values
            (1001, 'https://old.shop.test', 'old@shop.test', '1111111111', 'Old road', null, 0, ${now}, ${now}),
            (1002, 'https://shop.test', 'hello@shop.test', '08012345678', '1 Market Road, Pune', 'Every day 8AM-10PM', 1, ${now}, ${now})`.execute(t.app.db);
        const set = await t.app.inject({ method: 'GET', url: '/api/contact-info' });
        expect(set.json()).toEqual({ address: '1 Market Road, Pune', phone: '08012345678', email: 'hello@shop.test', hours: 'Every day 8AM-10PM' });
        await send(t, message);
        expect(await mailsTo(t.app, t.config, 'hello@shop.test')).toHaveLength(1);
    });
});

describe('the staff inbox', () => {
    it('lists messages newest first, searches them and marks them read or unread', async () => {
        const t = await makeApp();
        await send(t, message);
        await send(t, { ...message, name: 'Kabir', email: 'kabir@example.in', subject: 'Refund', message: 'Please refund order 42.' });
        await t.app.db.updateTable('contactMessages').set({ createdAt: '2099-01-01T00:00:00.000Z' }).where('name', '=', 'Kabir').execute();
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);

        const bare = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: seller });
        expect(bare.json()).toHaveLength(2);
        expect(bare.headers['x-total-count']).toBe('2');
        const newest = await t.app.inject({ method: 'GET', url: '/api/contacts?sort=createdAt&order=DESC&page=1&perPage=1', headers: seller });
        expect(newest.json()).toEqual([expect.objectContaining({ name: 'Kabir', subject: 'Refund', read: 0 })]);
        const found = await t.app.inject({ method: 'GET', url: '/api/contacts?q=TUESDAY', headers: seller });
        expect(found.json().map((m: { name: string }) => m.name)).toEqual(['Meera Iyer']);
        expect(found.json()[0].message).toBe(message.message);

        const id = found.json()[0].id;
        const read = await t.app.inject({ method: 'POST', url: `/api/contacts/${id}/read`, headers: seller, payload: { read: 1 } });
        expect(read.json()).toMatchObject({ success: true, message: 'Message marked as read', data: { id, read: 1, readAt: expect.any(String) } });
        const unread = await t.app.inject({ method: 'GET', url: '/api/contacts?read=0', headers: seller });
        expect(unread.json().map((m: { name: string }) => m.name)).toEqual(['Kabir']);
        const back = await t.app.inject({ method: 'POST', url: `/api/contacts/${id}/read`, headers: seller, payload: { read: 0 } });
        expect(back.json().data).toMatchObject({ read: 0, readAt: null });
        expect((await t.app.inject({ method: 'GET', url: `/api/contacts/${id}`, headers: seller })).json()).toMatchObject({ id, read: 0 });
        expect((await t.app.inject({ method: 'POST', url: '/api/contacts/999/read', headers: seller, payload: {} })).statusCode).toBe(404);
    });

    it('is for staff only', async () => {
        const t = await makeApp();
        const customer = await signIn(t, 'customer@shop.test', ROLE.customer);
        expect((await t.app.inject({ method: 'GET', url: '/api/contacts', headers: customer })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'POST', url: '/api/contacts/1/read', headers: customer, payload: {} })).statusCode).toBe(403);
    });
});
