import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { ROLE, roleAllows } from '../../schema/access';
import { accessOf } from '../../schema/registry';
import { entities } from '../../schema';
import type { EntitySchema, Operation } from '../../schema/types';
import { makeApp, signIn, type TestApp } from './helpers';

// The stock ra-data-simple-rest provider from the npm registry, all nine methods, against every /api/v1
// resource the schemas describe, as each role, over real HTTP.

type Body = Record<string, unknown>;

/** A record each writable resource takes, and a change to make to it; references point at the basics below. */
const samples: Record<string, { create: (n: number) => Body; change: Body }> = {
    categories: { create: (n) => ({ name: `Category ${n}`, description: 'Fresh produce' }), change: { description: 'Changed' } },
    subcategories: { create: (n) => ({ categoryId: 1, name: `Subcategory ${n}` }), change: { name: 'Changed subcategory' } },
    attribute: { create: (n) => ({ name: `Weight ${n}`, value: '1 kg' }), change: { value: '2 kg' } },
    gst: { create: (n) => ({ type: 'IGST', description: `Slab ${n}`, percent: 5 }), change: { percent: 12 } },
    products: {
        create: (n) => ({ name: `Apples ${n}`, description: 'Crisp', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 189.5 }),
        change: { price: 199 },
    },
    pincode: { create: (n) => ({ pincode: String(560000 + n), prize: 40 }), change: { prize: 45.5 } },
    banners: { create: (n) => ({ name: `Banner ${n}`, description: 'Diwali offers' }), change: { description: 'Holi offers' } },
    pagecategories: { create: (n) => ({ name: `Page category ${n}` }), change: { name: 'Changed page category' } },
    coupons: {
        create: (n) => ({ heading: 'Ten off', couponCode: `TEN${n}`, discountType: 'percentage', discountValue: 10, startDate: '2026-01-01', expiryDate: '2027-12-31' }),
        change: { discountValue: 15 },
    },
    settings: { create: (n) => ({ website: `https://shop${n}.example.in` }), change: { website: 'https://changed.example.in' } },
};

async function served(): Promise<TestApp & { base: string }> {
    const t = await makeApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...t, base: `${address}/api/v1` };
}

function providerFor(base: string, authorization: string): DataProvider {
    const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: authorization } });
    return simpleRestProvider(base, httpClient);
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

const may = (entity: EntitySchema, operation: Operation, roleId: number) => roleAllows(accessOf(entity, operation), roleId);

async function basics(provider: DataProvider) {
    await provider.create('categories', { data: samples.categories.create(0) });
    await provider.create('subcategories', { data: samples.subcategories.create(0) });
    await provider.create('attribute', { data: samples.attribute.create(0) });
    await provider.create('gst', { data: samples.gst.create(0) });
}

/** Every method of the stock provider on one resource, by someone allowed to do all of it. */
async function allNine(provider: DataProvider, resource: string, n: number) {
    const sample = samples[resource];
    const made = await provider.create(resource, { data: sample.create(n) });
    expect(made.data.id, resource).toEqual(expect.any(Number));
    const second = await provider.create(resource, { data: sample.create(n + 1) });

    const list = await provider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(list.total, resource).toBeGreaterThanOrEqual(2);
    expect(list.data[0].id).toBe(second.data.id);
    expect((await provider.getOne(resource, { id: made.data.id })).data).toMatchObject(sample.create(n));
    expect((await provider.getMany(resource, { ids: [made.data.id, second.data.id] })).data.map((r) => r.id).sort()).toEqual([made.data.id, second.data.id].sort());

    // The whole record back with one change, as an edit form sends it.
    const updated = await provider.update(resource, { id: made.data.id, data: { ...made.data, ...sample.change }, previousData: made.data });
    expect(updated.data, resource).toMatchObject({ id: made.data.id, ...sample.change });
    // A bulk change, as the list's bulk buttons send it: several rows, the same fields.
    const ids = [made.data.id, second.data.id];
    // Page categories have no status switch: a status change is refused with the reason, not kept silently.
    const switchless = resource === 'pagecategories';
    if (switchless) expect(await outcome(provider.updateMany(resource, { ids, data: { status: 0 } }))).toBe(400);
    else expect((await provider.updateMany(resource, { ids, data: { status: 0 } })).data?.sort()).toEqual(ids.sort());
    const after = await provider.getMany(resource, { ids });
    expect(after.data.map((row) => row.status)).toEqual(ids.map(() => (switchless ? 1 : 0)));

    const deleted = await provider.delete(resource, { id: second.data.id, previousData: second.data });
    expect(deleted.data.id, resource).toBe(second.data.id);
    expect(await outcome(provider.getOne(resource, { id: second.data.id }))).toBe(404);
    expect((await provider.deleteMany(resource, { ids: [made.data.id] })).data).toEqual([made.data.id]);
}

describe('/api/v1 through the stock ra-data-simple-rest provider', () => {
    it('creates, reads, lists, updates and deletes every writable resource as an administrator', async () => {
        const t = await served();
        const admin = providerFor(t.base, (await signIn(t)).authorization);
        await basics(admin);
        let n = 10;
        for (const resource of Object.keys(samples)) await allNine(admin, resource, (n += 10));

        const subs = await admin.getManyReference('subcategories', { target: 'categoryId', id: 1, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
        expect(subs.total).toBe(1);
        expect(subs.data[0]).toMatchObject({ categoryId: 1 });
        const log = await admin.getList('activity', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
        expect(log.total).toBeGreaterThan(20);
    }, 90_000);

    it('answers each role as the legacy routes do', async () => {
        const t = await served();
        const admin = providerFor(t.base, (await signIn(t)).authorization);
        await basics(admin);
        const seller = providerFor(t.base, (await signIn(t, 'seller@shop.test', ROLE.seller)).authorization);
        const customer = providerFor(t.base, (await signIn(t, 'customer@shop.test', ROLE.customer)).authorization);
        let n = 100;
        for (const entity of entities.filter((e) => samples[e.name])) {
            const mine = await admin.create(entity.name, { data: samples[entity.name].create((n += 10)) });
            for (const [provider, roleId] of [[seller, ROLE.seller], [customer, ROLE.customer]] as const) {
                const expect403 = (operation: Operation) => (may(entity, operation, roleId) ? 'ok' : 403);
                const list = provider.getList(entity.name, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
                expect(await outcome(list), `${entity.name} list, role ${roleId}`).toBe(expect403('list'));
                const created = await outcome(provider.create(entity.name, { data: samples[entity.name].create((n += 1)) }));
                expect(created, `${entity.name} create, role ${roleId}`).toBe(expect403('create'));
                // A seller changes only the rows they created where the entity records its creator.
                const update = provider.update(entity.name, { id: mine.data.id, data: samples[entity.name].change, previousData: mine.data });
                const updateAllowed = may(entity, 'update', roleId) && !(entity.createdBy && roleId === ROLE.seller);
                expect(await outcome(update), `${entity.name} update, role ${roleId}`).toBe(updateAllowed ? 'ok' : 403);
                expect(await outcome(provider.delete(entity.name, { id: mine.data.id })), `${entity.name} delete, role ${roleId}`).toBe(403);
            }
        }
    }, 90_000);

    it('refuses bad writes with the field messages of the legacy routes, and answers a missing record 404', async () => {
        const t = await served();
        const admin = providerFor(t.base, (await signIn(t)).authorization);
        const blank = await admin.create('categories', { data: { name: '' } }).catch((error) => error);
        expect(blank.status).toBe(400);
        expect(blank.body.errors).toMatchObject({ name: expect.any(String) });
        const made = await admin.create('categories', { data: samples.categories.create(1) });
        const twin = await admin.create('categories', { data: samples.categories.create(1) }).catch((error) => error);
        expect(twin.status).toBe(409);
        const picture = await admin.update('categories', { id: made.data.id, data: { image: 'https://elsewhere.example/apple.png' }, previousData: made.data }).catch((error) => error);
        expect(picture.status).toBe(400);
        expect(picture.body.errors.image).toMatch(/not one of this shop's uploads/);
        expect(await outcome(admin.update('categories', { id: 999, data: { name: 'Ghost' }, previousData: { id: 999 } }))).toBe(404);
        expect(await outcome(admin.delete('categories', { id: 999 }))).toBe(404);

        // A status sent with the record is set as the toggle route sets it, and the unchanged fields are no write.
        const off = await admin.update('categories', { id: made.data.id, data: { ...made.data, status: 0 }, previousData: made.data });
        expect(off.data.status).toBe(0);
        const history = await admin.getList('activity', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'DESC' }, filter: { entity: 'categories' } });
        expect(history.data.filter((line) => line.entityId === made.data.id).map((line) => line.action)).toEqual(['toggle', 'create']);
    });
});
