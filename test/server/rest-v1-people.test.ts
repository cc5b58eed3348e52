// Not run again on PostgreSQL: the provider's shapes and roles; races run there in users, videos and orders.
import fs from 'node:fs';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { videoDirs } from '../../server/features/videos/videoFiles';
import { makeApp, signIn, type TestApp } from './helpers';
import { basket, orderShop, placed } from './orderShop';
import { signInAgain } from './people';

// The stock ra-data-simple-rest provider against the hand-written resources' /api/v1 (users, contacts, videos,
// orders), as each role, over real HTTP: the same answers as their legacy routes.

type Served = TestApp & { base: string; as: (authorization?: string) => DataProvider };

async function serve(t: TestApp): Promise<Served> {
    const base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
    const as = (authorization?: string) =>
        simpleRestProvider(base, (url: string, options: fetchUtils.Options = {}) =>
            fetchUtils.fetchJson(url, authorization ? { ...options, user: { authenticated: true, token: authorization } } : options),
        );
    return { ...t, base, as };
}

/** The HTTP status of a refused call (ra-core's HttpError), or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<number | 'ok'> {
    try {
        await call;
        return 'ok';
    } catch (error) {
        return (error as { status?: number }).status ?? -1;
    }
}

/** The refusal itself: status, message and field messages. */
const refusal = (call: Promise<unknown>) => call.then(() => ({ status: 'ok' }) as never, (error) => ({ status: error.status, ...error.body }) as { status: number; message: string; errors?: Record<string, string> });

const page = (perPage = 25, field = 'id', order: 'ASC' | 'DESC' = 'ASC', filter: object = {}) => ({ pagination: { page: 1, perPage }, sort: { field, order }, filter });

/** The Content-Range of a list call made as the stock provider makes it. */
async function contentRange(s: Served, authorization: string, resource: string, query: string) {
    const res = await fetch(`${s.base}/${resource}?${query}`, { headers: { authorization } });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.headers.get('content-range');
}

/** Each column sorts both ways: the rows come in that column's order (ties by id). */
async function sortsBy(provider: DataProvider, resource: string, fields: string[], filter: object = {}) {
    for (const field of fields) {
        for (const order of ['ASC', 'DESC'] as const) {
            const { data } = await provider.getList(resource, page(100, field, order, filter));
            const values = data.map((row) => (field === 'customerName' ? row.customer.name : row[field]));
            const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
            expect(values, `${resource} by ${field} ${order}`).toEqual(order === 'ASC' ? sorted : sorted.reverse());
        }
    }
}

describe('/api/v1/users through the stock provider', () => {
    it('lets staff read, an administrator change a role or a status, and nobody create or delete', async () => {
        const s = await serve(await makeApp());
        const adminAuth = (await signIn(s)).authorization;
        const admin = s.as(adminAuth);
        const sellerAuth = (await signIn(s, 'seller@shop.test', ROLE.seller)).authorization;
        const seller = s.as(sellerAuth);
        const customer = s.as((await signIn(s, 'customer@shop.test', ROLE.customer)).authorization);
        const users = (await admin.getList('users', page())).data;
        expect(users).toHaveLength(3);
        const [me, sellerUser, customerUser] = users;

        // Every column of the app's user list sorts, for staff alike; a seller reads the contact details an administrator does.
        // Each user changes their number (a write moves updatedAt): the records read above are now older than the stored ones.
        const changedAt = new Date(Date.now() + 1000).toISOString();
        for (const [i, user] of users.entries()) await s.app.db.updateTable('users').set({ contactNo: `900000000${3 - i}`, updatedAt: changedAt }).where('id', '=', user.id).execute();
        await sortsBy(admin, 'users', ['id', 'name', 'email', 'contactNo', 'roleId', 'status', 'createdAt']);
        await sortsBy(seller, 'users', ['id', 'name', 'email', 'contactNo', 'roleId', 'status', 'createdAt']);
        expect((await seller.getOne('users', { id: customerUser.id })).data).toHaveProperty('email', 'customer@shop.test');
        expect((await seller.getList('users', page())).data[0]).toHaveProperty('contactNo');
        expect(await refusal(admin.getList('users', page(25, 'password')))).toMatchObject({ status: 400, message: expect.stringMatching(/^Users can be sorted by id, name, email/) });

        expect(await contentRange(s, adminAuth, 'users', 'range=[1,1]&sort=["id","ASC"]')).toBe('users 1-1/3');
        expect(await contentRange(s, adminAuth, 'users', 'filter={"roleId":2}')).toBe('users 0-0/1');
        expect(await contentRange(s, adminAuth, 'users', 'filter={"q":"nobody"}')).toBe('users */0');
        expect((await admin.getMany('users', { ids: [me.id, customerUser.id] })).data.map((u) => u.id)).toEqual([me.id, customerUser.id]);
        const customers = await admin.getManyReference('users', { target: 'roleId', id: ROLE.customer, ...page() });
        expect(customers).toMatchObject({ total: 1, data: [{ id: customerUser.id }] });

        // Customers and callers not signed in are refused at the door, as at GET /users.
        const anonymous = s.as();
        for (const [who, provider, expected] of [['customer', customer, 403], ['anonymous', anonymous, 401]] as const) {
            expect(await outcome(provider.getList('users', page())), who).toBe(expected);
            expect(await outcome(provider.getOne('users', { id: me.id })), who).toBe(expected);
            expect(await outcome(provider.update('users', { id: me.id, data: { status: 1 }, previousData: me })), who).toBe(expected);
        }

        // The whole record back with the role changed, as an edit form sends it: the legacy action's checks and audit line.
        const promoted = await admin.update('users', { id: customerUser.id, data: { ...customerUser, roleId: ROLE.seller }, previousData: customerUser });
        expect(promoted.data).toMatchObject({ id: customerUser.id, roleId: ROLE.seller, role: 'Seller' });
        const many = await admin.updateMany('users', { ids: [sellerUser.id, customerUser.id], data: { status: 0 } });
        expect(many.data).toEqual([sellerUser.id, customerUser.id]);
        // Disabling ends the account's sessions, as POST /users/{id}/toggle-status does.
        expect(await outcome(seller.getList('users', page()))).toBe(401);
        const log = await admin.getList('activity', page(10, 'id', 'DESC', { entity: 'users' }));
        const lines = log.data.map((line) => `${line.action} ${line.record}`);
        expect(lines.slice(0, 2).sort()).toEqual([`account ${customerUser.id}`, `account ${sellerUser.id}`].sort());
        expect(lines[2]).toBe(`role ${customerUser.id}`);

        // The legacy action's rules: the shop's last administrator, here oneself, stays one.
        expect(await refusal(admin.update('users', { id: me.id, data: { ...me, roleId: ROLE.customer }, previousData: me }))).toMatchObject({ status: 409, message: expect.stringContaining('cannot') });
        expect(await refusal(admin.update('users', { id: customerUser.id, data: { roleId: 7 }, previousData: customerUser }))).toMatchObject({
            status: 400,
            errors: { roleId: 'Please choose a role: 1 Admin, 2 Seller or 3 Customer' },
        });
        expect(await refusal(admin.update('users', { id: customerUser.id, data: { status: 2 }, previousData: customerUser }))).toMatchObject({ status: 400, errors: { status: 'Status must be 1 (active) or 0 (disabled)' } });
        expect(await outcome(admin.update('users', { id: 999, data: { status: 0 }, previousData: { id: 999 } }))).toBe(404);
        expect(await outcome(admin.getOne('users', { id: 999 }))).toBe(404);

        expect(await refusal(admin.create('users', { data: { name: 'New', email: 'new@shop.test' } }))).toMatchObject({ status: 405, message: expect.stringContaining('POST /api/user_register') });
        expect(await refusal(admin.delete('users', { id: customerUser.id }))).toMatchObject({ status: 405, message: expect.stringContaining('PUT {"status": 0}') });
        expect(await outcome(admin.deleteMany('users', { ids: [customerUser.id] }))).toBe(405);
        const allowed = await fetch(`${s.base}/users/${customerUser.id}`, { method: 'DELETE', headers: { authorization: adminAuth } });
        expect([allowed.status, allowed.headers.get('allow')]).toEqual([405, 'GET, PUT']);

        const sellerAgain = s.as((await signIn(s, 'other-seller@shop.test', ROLE.seller)).authorization);
        expect(await outcome(sellerAgain.update('users', { id: customerUser.id, data: { status: 1 }, previousData: customerUser }))).toBe(403);
    }, 60_000);
});

describe('/api/v1/contacts through the stock provider', () => {
    it('takes a message from anyone, lets staff read it and mark it read, and keeps it', async () => {
        const s = await serve(await makeApp());
        const adminAuth = (await signIn(s)).authorization;
        const admin = s.as(adminAuth);
        const seller = s.as((await signIn(s, 'seller@shop.test', ROLE.seller)).authorization);
        const customer = s.as((await signIn(s, 'customer@shop.test', ROLE.customer)).authorization);
        const anonymous = s.as();

        const message = { name: 'Meera', email: 'Meera@Example.in', contactNo: '9876543210', subject: 'Delivery', message: 'When do you deliver to 560034?' };
        const sent = await anonymous.create('contacts', { data: message });
        expect(sent.data).toMatchObject({ id: expect.any(Number), email: 'meera@example.in', read: 0, readAt: null });
        await customer.create('contacts', { data: { ...message, name: 'Arjun', subject: 'Apples', message: 'Are the apples from Shimla?' } });
        await anonymous.create('contacts', { data: { ...message, name: 'Zoya', subject: undefined, message: 'Thank you!' } });

        const bad = await refusal(anonymous.create('contacts', { data: { ...message, email: 'not-an-address', contactNo: '12' } }));
        expect(bad).toMatchObject({ status: 400, errors: { email: 'Please enter a valid email address.', contactNo: 'Please enter a valid contact number (10-15 digits).' } });

        // Every column of the app's inbox sorts.
        await sortsBy(admin, 'contacts', ['id', 'createdAt', 'name', 'email', 'read']);
        expect(await refusal(seller.getList('contacts', page(25, 'message')))).toMatchObject({ status: 400, message: 'Contact messages can be sorted by id, createdAt, name, email, read, updatedAt, contactNo, subject, readAt' });
        const inbox = await seller.getList('contacts', page(2, 'id', 'DESC'));
        expect(inbox.total).toBe(3);
        expect(inbox.data.map((row) => row.name)).toEqual(['Zoya', 'Arjun']);
        expect(await contentRange(s, adminAuth, 'contacts', 'range=[0,1]&sort=["id","ASC"]&filter={"q":"apple"}')).toBe('contacts 0-0/1');

        const read = await seller.update('contacts', { id: sent.data.id, data: { ...sent.data, read: 1 }, previousData: sent.data });
        expect(read.data).toMatchObject({ id: sent.data.id, read: 1, readAt: expect.any(String), message: message.message });
        const unread = await admin.getManyReference('contacts', { target: 'read', id: 0, ...page() });
        expect(unread.total).toBe(2);
        const ids = unread.data.map((row) => row.id);
        expect((await admin.updateMany('contacts', { ids, data: { read: 1 } })).data).toEqual(ids);
        expect((await admin.getMany('contacts', { ids })).data.map((row) => row.read)).toEqual([1, 1]);
        expect(await refusal(admin.update('contacts', { id: sent.data.id, data: { read: 2 }, previousData: sent.data }))).toMatchObject({ status: 400, errors: { read: 'Read must be 1 (read) or 0 (unread)' } });
        expect(await outcome(admin.update('contacts', { id: 999, data: { read: 1 }, previousData: { id: 999 } }))).toBe(404);

        expect(await refusal(admin.delete('contacts', { id: sent.data.id }))).toMatchObject({ status: 405, message: expect.stringContaining('Contact messages are kept') });
        expect(await outcome(admin.deleteMany('contacts', { ids }))).toBe(405);
        expect((await admin.getOne('contacts', { id: sent.data.id })).data.id).toBe(sent.data.id);

        for (const [who, provider, expected] of [['customer', customer, 403], ['anonymous', anonymous, 401]] as const) {
            expect(await outcome(provider.getList('contacts', page())), who).toBe(expected);
            expect(await outcome(provider.getOne('contacts', { id: sent.data.id })), who).toBe(expected);
            expect(await outcome(provider.update('contacts', { id: sent.data.id, data: { read: 0 }, previousData: sent.data })), who).toBe(expected);
        }
    }, 60_000);

    it('counts the form and POST /v1/contacts as one limit per client', async () => {
        const t = await makeApp();
        const body = { name: 'Meera', email: 'meera@example.in', contactNo: '9876543210', message: 'Hello' };
        const codes: number[] = [];
        for (let i = 0; i < 11; i++) {
            const res = await t.app.inject({ method: 'POST', url: i % 2 ? '/api/contact' : '/api/v1/contacts', payload: body });
            codes.push(res.statusCode);
        }
        expect(codes).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 429]);
    });
});

/** An ISO base media file (MP4): an `ftyp` box naming the isom brand, then filler, `size` bytes in all. */
function mp4(size: number): Buffer {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    const free = Buffer.alloc(size - ftyp.length);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4);
    return Buffer.concat([ftyp, free]);
}

/** A video uploaded at the legacy route (v1 has no upload): its record. */
async function uploaded(s: Served, authorization: string, filename: string, size: number, tags: string) {
    const form = new FormData();
    form.append('tags', tags);
    form.append('video', new Blob([new Uint8Array(mp4(size))], { type: 'video/mp4' }), filename);
    const res = await fetch(`${s.base.replace(/\/v1$/, '')}/uploadvideo`, { method: 'POST', headers: { authorization }, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { video: { id: number; filename: string } }).video;
}

describe('/api/v1/videos through the stock provider', () => {
    it('lets staff list, rename and switch videos, an administrator delete one with its file', async () => {
        const s = await serve(await makeApp());
        const adminAuth = (await signIn(s)).authorization;
        const admin = s.as(adminAuth);
        const sellerAuth = (await signIn(s, 'seller@shop.test', ROLE.seller)).authorization;
        const seller = s.as(sellerAuth);
        const customer = s.as((await signIn(s, 'customer@shop.test', ROLE.customer)).authorization);
        const first = await uploaded(s, adminAuth, 'mango-farm.mp4', 900, 'farm,mango');
        const second = await uploaded(s, sellerAuth, 'apple-orchard.mp4', 700, 'apple');
        await uploaded(s, sellerAuth, 'kitchen.mp4', 800, 'recipe');

        await sortsBy(seller, 'videos', ['id', 'filename', 'size', 'tags', 'status', 'mimeType', 'createdAt', 'updatedAt']);
        expect(await refusal(seller.getList('videos', page(25, 'url')))).toMatchObject({ status: 400, message: expect.stringMatching(/^Videos can be sorted by id, filename/) });
        const newest = await seller.getList('videos', page(2, 'id', 'DESC'));
        expect(newest.total).toBe(3);
        expect(newest.data[0]).toMatchObject({ filename: 'kitchen.mp4', url: expect.stringMatching(/^\/api\/videos\/\d+\/stream\?expires=/) });
        expect(newest.data[0]).not.toHaveProperty('storedName');
        expect(await contentRange(s, adminAuth, 'videos', 'range=[0,9]&filter={"q":"farm"}')).toBe('videos 0-0/1');

        const renamed = await seller.update('videos', { id: first.id, data: { ...first, filename: 'Mango farm tour' }, previousData: first });
        expect(renamed.data).toMatchObject({ id: first.id, filename: 'Mango farm tour', status: 1 });
        expect((await seller.updateMany('videos', { ids: [first.id, second.id], data: { status: 0 } })).data).toEqual([first.id, second.id]);
        const off = await admin.getManyReference('videos', { target: 'status', id: 0, ...page() });
        expect(off.data.map((v) => v.id).sort()).toEqual([first.id, second.id].sort());
        expect((await admin.getMany('videos', { ids: [first.id] })).data[0]).toMatchObject({ filename: 'Mango farm tour', status: 0 });
        expect(await refusal(seller.update('videos', { id: first.id, data: { filename: '   ' }, previousData: first }))).toMatchObject({ status: 400, errors: { filename: 'Please provide a new filename.' } });
        expect(await refusal(seller.create('videos', { data: { filename: 'x.mp4' } }))).toMatchObject({ status: 405, message: expect.stringContaining('POST /api/uploadvideo') });

        // Deleting is for administrators, and takes the file with the record.
        const stored = () => fs.readdirSync(videoDirs(s.config).dir).filter((name) => !name.startsWith('.')).length;
        expect(stored()).toBe(3);
        expect(await outcome(seller.delete('videos', { id: first.id }))).toBe(403);
        expect((await admin.delete('videos', { id: first.id })).data).toMatchObject({ id: first.id, filename: 'Mango farm tour' });
        expect(await outcome(admin.getOne('videos', { id: first.id }))).toBe(404);
        expect((await admin.deleteMany('videos', { ids: [second.id] })).data).toEqual([second.id]);
        expect(stored()).toBe(1);
        expect(await outcome(admin.delete('videos', { id: first.id }))).toBe(404);

        for (const [who, provider, expected] of [['customer', customer, 403], ['anonymous', s.as(), 401]] as const) {
            expect(await outcome(provider.getList('videos', page())), who).toBe(expected);
            expect(await outcome(provider.getOne('videos', { id: newest.data[0].id })), who).toBe(expected);
            expect(await outcome(provider.update('videos', { id: newest.data[0].id, data: { status: 0 }, previousData: newest.data[0] })), who).toBe(expected);
        }
    }, 60_000);
});

describe('/api/v1/orders through the stock provider', () => {
    it('shows staff every order and a customer only their own, and takes no writes', async () => {
        const shop = await orderShop();
        const s = await serve(shop);
        const [asha, ravi] = await Promise.all(['asha@shop.test', 'ravi@shop.test'].map((email) => s.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()));
        const ashas = [await placed(shop.asha), await placed(shop.asha, { items: [{ productId: 3, quantity: 2 }], pincode: '560034', paymentMethod: 'cod' })];
        const ravis = await placed(shop.ravi, basket);
        const adminAuth = (await signInAgain(s, 'admin@shop.test')).authorization;
        const admin = s.as(adminAuth);
        const seller = s.as((await signInAgain(s, 'seller@shop.test')).authorization);
        const ashaAuth = (await signInAgain(s, 'asha@shop.test')).authorization;
        const ashaSees = s.as(ashaAuth);

        // Every sortable column of the app's order list and a customer's orders.
        await sortsBy(seller, 'orders', ['id', 'customerName', 'totalPrice', 'createdAt', 'status']);
        expect(await refusal(admin.getList('orders', page(25, 'products')))).toMatchObject({ status: 400, message: 'Orders can be sorted by createdAt, id, totalPrice, status, customerName, slotDate, updatedAt, paymentMethod, paidAt, pincode, customerId, slotId' });
        const all = await admin.getList('orders', page(25, 'createdAt', 'DESC'));
        expect(all.total).toBe(3);
        expect(all.data[0]).toMatchObject({ id: ravis.id, customerId: ravi.id, customer: { id: ravi.id, name: 'Ravi Kumar' }, products: [{ quantity: 3 }, { quantity: 1 }] });
        expect(await contentRange(s, adminAuth, 'orders', 'range=[1,2]&sort=["id","ASC"]')).toBe('orders 1-2/3');
        expect(await contentRange(s, adminAuth, 'orders', 'range=[0,24]&filter={"status":"refunded"}')).toBe('orders */0');

        // A user's orders, by the reference the app's user page makes, and by userId.
        const byCustomer = await admin.getManyReference('orders', { target: 'customerId', id: asha.id, ...page(10, 'createdAt', 'DESC') });
        expect(byCustomer.total).toBe(2);
        expect(byCustomer.data.map((o) => o.id)).toEqual([ashas[1].id, ashas[0].id]);
        expect((await seller.getList('orders', page(10, 'id', 'ASC', { userId: asha.id }))).data.map((o) => o.id)).toEqual(ashas.map((o) => o.id));
        expect((await admin.getList('orders', page(10, 'id', 'ASC', { userId: asha.id, customerId: ravi.id }))).total).toBe(0);
        expect((await admin.getMany('orders', { ids: [ravis.id, ashas[0].id] })).data.map((o) => o.id)).toEqual([ravis.id, ashas[0].id]);
        const one = await seller.getOne('orders', { id: ashas[0].id });
        expect(one.data).toMatchObject({ id: ashas[0].id, customerId: asha.id, lines: [{ name: expect.any(String) }, { name: expect.any(String) }], nextStatuses: ['cancelled'] });

        // A customer: their own orders only; anyone else's is missing.
        const mine = await ashaSees.getList('orders', page());
        expect(mine.total).toBe(2);
        expect(mine.data.every((o) => o.customerId === asha.id)).toBe(true);
        expect(await contentRange(s, ashaAuth, 'orders', 'range=[0,24]')).toBe('orders 0-1/2');
        expect((await ashaSees.getOne('orders', { id: ashas[1].id })).data).toMatchObject({ paymentMethod: 'cod', nextStatuses: [] });
        expect(await refusal(ashaSees.getOne('orders', { id: ravis.id }))).toMatchObject({ status: 404, message: 'Order not found' });
        expect((await ashaSees.getMany('orders', { ids: [ravis.id, ashas[0].id] })).data.map((o) => o.id)).toEqual([ashas[0].id]);
        expect((await ashaSees.getManyReference('orders', { target: 'customerId', id: ravi.id, ...page() })).total).toBe(0);

        // Orders are placed at POST /api/orders and moved by the workflow's actions, never written here.
        expect(await refusal(ashaSees.create('orders', { data: basket }))).toMatchObject({ status: 405, message: expect.stringContaining('POST /api/orders') });
        expect(await refusal(admin.create('orders', { data: basket }))).toMatchObject({ status: 405 });
        expect(await refusal(admin.update('orders', { id: ravis.id, data: { status: 'packed' }, previousData: all.data[0] }))).toMatchObject({ status: 405, message: expect.stringContaining('/api/orderr/{id}/status') });
        expect(await outcome(admin.updateMany('orders', { ids: [ravis.id], data: { status: 'cancelled' } }))).toBe(405);
        expect(await refusal(admin.delete('orders', { id: ravis.id }))).toMatchObject({ status: 405, message: expect.stringContaining('"cancelled"') });
        expect(await outcome(admin.deleteMany('orders', { ids: [ravis.id] }))).toBe(405);
        expect(await outcome(ashaSees.update('orders', { id: ashas[0].id, data: { status: 'cancelled' }, previousData: ashas[0] }))).toBe(403);
        expect(await outcome(ashaSees.delete('orders', { id: ashas[0].id }))).toBe(403);
        expect((await admin.getOne('orders', { id: ravis.id })).data.status).toBe('placed');

        const anonymous = s.as();
        expect(await outcome(anonymous.getList('orders', page()))).toBe(401);
        expect(await outcome(anonymous.getOne('orders', { id: ravis.id }))).toBe(401);
        expect(await outcome(anonymous.create('orders', { data: basket }))).toBe(401);
    }, 60_000);
});
