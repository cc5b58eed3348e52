import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type RaRecord } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { ROLE, roleAllows } from '../../schema/access';
import { accessOf, registry } from '../../schema/registry';
import { entities } from '../../schema';
import { resourceNames } from '../../server/engine/routes/resourceNames';
import type { EntitySchema, Operation } from '../../schema/types';
import { makeApp, PNG, signIn, type TestApp } from './helpers';

// The stock ra-data-simple-rest provider from the npm registry, all nine methods, against every /api/v1
// resource the schemas describe (and each name a reference field gives one), as each role, over real HTTP.

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
    pagecategories: { create: (n) => ({ name: `Page category ${n}` }), change: { description: 'Changed page category' } },
    coupons: {
        create: (n) => ({ heading: 'Ten off', couponCode: `TEN${n}`, discountType: 'percentage', discountValue: 10, startDate: '2026-01-01', expiryDate: '2027-12-31' }),
        change: { discountValue: 15 },
    },
    settings: { create: (n) => ({ website: `https://shop${n}.example.in` }), change: { website: 'https://changed.example.in' } },
    pagecontent: { create: (n) => ({ pageCategoryId: 1, title: `Page ${n}`, image: picture }), change: { title: 'Changed page' } },
    managepage: { create: (n) => ({ selectCategory: 'Help', pageName: `Page ${n}`, image: picture }), change: { pageName: 'Changed page' } },
    deliverySlots: { create: (n) => ({ name: `Slot ${n}`, startTime: '18:00', endTime: '20:00', capacity: 20, cutoffMinutes: 60 }), change: { capacity: 25 } },
};

/** A picture uploaded at POST /api/v1/uploads, for the records that require one (each takes a copy). */
let picture = '';

/** Every other name a resource answers by (react-admin's plural of a reference field): the same resource. */
const aliases: Array<[alias: string, entity: EntitySchema]> = entities.flatMap((entity) =>
    resourceNames(entity, registry(entities))
        .slice(1)
        .map((alias) => [alias, entity] as [string, EntitySchema]),
);
/** The resources the server writes alone: read by the stock provider, every write answered 405. */
const READ_ONLY = ['activity', 'customers', 'roles'];

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

async function basics(provider: DataProvider, base: string, authorization: string) {
    await provider.create('categories', { data: samples.categories.create(0) });
    await provider.create('subcategories', { data: samples.subcategories.create(0) });
    await provider.create('attribute', { data: samples.attribute.create(0) });
    await provider.create('gst', { data: samples.gst.create(0) });
    await provider.create('pagecategories', { data: { name: 'Help' } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'tile.png');
    const res = await fetch(`${base}/uploads`, { method: 'POST', headers: { authorization }, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    picture = ((await res.json()) as { url: string }).url;
}

const entityOf = (resource: string) => entities.find((entity) => entity.name === resource) ?? aliases.find(([alias]) => alias === resource)![1];
const sampleOf = (resource: string) => samples[entityOf(resource).name];

/** Every method of the stock provider on one resource, by someone allowed to do all of it. */
async function allNine(provider: DataProvider, resource: string, n: number) {
    const sample = sampleOf(resource);
    const made = await provider.create(resource, { data: sample.create(n) });
    expect(made.data.id, resource).toEqual(expect.any(Number));
    const second = await provider.create(resource, { data: sample.create(n + 1) });

    const list = await provider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(list.total, resource).toBeGreaterThanOrEqual(2);
    expect(list.data[0].id).toBe(second.data.id);
    // A picture comes back as the record's own copy of the upload, under a name of its own.
    const { image, ...sent } = sample.create(n);
    expect((await provider.getOne(resource, { id: made.data.id })).data).toMatchObject({ ...sent, ...(image ? { image: expect.stringMatching(/^\/uploads\//) } : {}) });
    expect((await provider.getMany(resource, { ids: [made.data.id, second.data.id] })).data.map((r) => r.id).sort()).toEqual([made.data.id, second.data.id].sort());

    // The whole record back with one change, as an edit form sends it.
    const updated = await provider.update(resource, { id: made.data.id, data: { ...made.data, ...sample.change }, previousData: made.data });
    expect(updated.data, resource).toMatchObject({ id: made.data.id, ...sample.change });
    // A bulk change, as the list's bulk buttons send it: several rows, the same fields.
    const ids = [made.data.id, second.data.id];
    // A resource without a status switch (page categories, pages) refuses a status change with the reason, not silently.
    const switchless = !entityOf(resource).paths.toggle;
    if (switchless) expect(await outcome(provider.updateMany(resource, { ids, data: { status: 0 } }))).toBe(400);
    else expect((await provider.updateMany(resource, { ids, data: { status: 0 } })).data?.sort()).toEqual(ids.sort());
    const after = await provider.getMany(resource, { ids });
    expect(after.data.map((row) => row.status)).toEqual(ids.map(() => (switchless ? 1 : 0)));

    // The rows that refer to a record (its first reference field), else the rows of an id.
    const entity = entityOf(resource);
    const target = Object.entries(entity.fields).find(([, field]) => field.type === 'reference')?.[0] ?? 'id';
    const referring = await provider.getManyReference(resource, { target, id: after.data[0][target], pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(referring.data.map((row) => row.id), `${resource} by ${target}`).toEqual(expect.arrayContaining(target === 'id' ? [after.data[0].id] : ids));
    expect(referring.data.every((row) => row[target] === after.data[0][target]), `${resource} by ${target}`).toBe(true);

    const deleted = await provider.delete(resource, { id: second.data.id, previousData: second.data });
    expect(deleted.data.id, resource).toBe(second.data.id);
    expect(await outcome(provider.getOne(resource, { id: second.data.id }))).toBe(404);
    expect((await provider.deleteMany(resource, { ids: [made.data.id] })).data).toEqual([made.data.id]);
}

const NINE = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'];
const firstPage = { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

/** Each of the nine methods by one role on an administrator's row: [method, outcome, the outcome its access allows]. */
async function asRole(provider: DataProvider, roleId: number, resource: string, theirs: RaRecord, n: number) {
    const entity = entityOf(resource);
    const allowed = (operation: Operation, ok: number | 'ok' = 'ok') => (may(entity, operation, roleId) ? ok : 403);
    // A seller changes only the rows they created where the entity records its creator.
    const changeable = (operation: Operation) => (entity.createdBy && roleId === ROLE.seller ? 403 : allowed(operation));
    const target = Object.entries(entity.fields).find(([, field]) => field.type === 'reference')?.[0] ?? 'id';
    // A resource without a status switch takes a bulk change of a field it has.
    const switchless = !entity.paths.toggle;
    const bulk = switchless ? sampleOf(resource).change : { status: 1 };
    return [
        ['getList', await outcome(provider.getList(resource, firstPage)), allowed('list')],
        ['getOne', await outcome(provider.getOne(resource, { id: theirs.id })), allowed('read')],
        ['getMany', await outcome(provider.getMany(resource, { ids: [theirs.id] })), allowed('list')],
        ['getManyReference', await outcome(provider.getManyReference(resource, { ...firstPage, target, id: theirs[target] })), allowed('list')],
        ['create', await outcome(provider.create(resource, { data: sampleOf(resource).create(n) })), allowed('create')],
        ['update', await outcome(provider.update(resource, { id: theirs.id, data: sampleOf(resource).change, previousData: theirs })), changeable('update')],
        ['updateMany', await outcome(provider.updateMany(resource, { ids: [theirs.id], data: bulk })), changeable(switchless ? 'update' : 'toggle')],
        ['delete', await outcome(provider.delete(resource, { id: theirs.id, previousData: theirs })), allowed('remove')],
        ['deleteMany', await outcome(provider.deleteMany(resource, { ids: [theirs.id] })), allowed('remove')],
    ] as const;
}

/** A shop with the basics, and the stock provider as an administrator, a seller and a customer. */
async function providersByRole(t: TestApp & { base: string }) {
    const { authorization } = await signIn(t);
    const admin = providerFor(t.base, authorization);
    await basics(admin, t.base, authorization);
    const seller = providerFor(t.base, (await signIn(t, 'seller@shop.test', ROLE.seller)).authorization);
    const customer = providerFor(t.base, (await signIn(t, 'customer@shop.test', ROLE.customer)).authorization);
    return { admin, seller, customer };
}

describe('/api/v1 through the stock ra-data-simple-rest provider', () => {
    it('creates, reads, lists, updates and deletes every writable resource as an administrator', async () => {
        const t = await served();
        const { authorization } = await signIn(t);
        const admin = providerFor(t.base, authorization);
        await basics(admin, t.base, authorization);
        // Every resource the schemas describe, but those the server alone writes, has a sample here.
        expect(entities.map((entity) => entity.name).filter((name) => !samples[name]).sort()).toEqual(READ_ONLY.filter((name) => entities.some((e) => e.name === name)));
        let n = 10;
        for (const resource of [...Object.keys(samples), ...aliases.map(([alias]) => alias)]) await allNine(admin, resource, (n += 10));

        const subs = await admin.getManyReference('subcategories', { target: 'categoryId', id: 1, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
        expect(subs.total).toBe(1);
        expect(subs.data[0]).toMatchObject({ categoryId: 1 });
        const log = await admin.getList('activity', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
        expect(log.total).toBeGreaterThan(20);
    }, 90_000);

    it('answers each role as the legacy routes do', async () => {
        const { admin, seller, customer } = await providersByRole(await served());
        let n = 100;
        for (const resource of [...Object.keys(samples), ...aliases.map(([alias]) => alias)]) {
            const mine = await admin.create(resource, { data: sampleOf(resource).create((n += 10)) });
            for (const [provider, roleId] of [[seller, ROLE.seller], [customer, ROLE.customer]] as const) {
                const expected = await asRole(provider, roleId, resource, mine.data, (n += 1));
                expect(expected.map(([method]) => method), resource).toEqual(NINE);
                for (const [method, got, want] of expected) expect(got, `${resource} ${method}, role ${roleId}`).toBe(want);
            }
        }
    }, 90_000);

    it('reads the resources the server alone writes, as each role may, and answers every write 405', async () => {
        const { admin, seller, customer } = await providersByRole(await served());
        for (const resource of READ_ONLY) {
            const [row] = (await admin.getList(resource, firstPage)).data;
            expect(row, resource).toBeDefined();
            // The activity log is the administrators'; customers and roles are read by staff.
            const access = entities.find((entity) => entity.name === resource) ? accessOf(entityOf(resource), 'list') : 'staff';
            for (const [provider, roleId] of [[admin, ROLE.admin], [seller, ROLE.seller], [customer, ROLE.customer]] as const) {
                const reads = roleAllows(access, roleId) ? 'ok' : 403;
                const writes = roleAllows(access, roleId) ? 405 : 403;
                const calls = [
                    ['getList', () => provider.getList(resource, firstPage), reads],
                    ['getOne', () => provider.getOne(resource, { id: row.id }), reads],
                    ['getMany', () => provider.getMany(resource, { ids: [row.id] }), reads],
                    ['getManyReference', () => provider.getManyReference(resource, { ...firstPage, target: 'id', id: row.id }), reads],
                    ['create', () => provider.create(resource, { data: { name: 'New' } }), writes],
                    ['update', () => provider.update(resource, { id: row.id, data: { ...row, name: 'Changed' }, previousData: row }), writes],
                    ['updateMany', () => provider.updateMany(resource, { ids: [row.id], data: { status: 0 } }), writes],
                    ['delete', () => provider.delete(resource, { id: row.id, previousData: row }), writes],
                    ['deleteMany', () => provider.deleteMany(resource, { ids: [row.id] }), writes],
                ] as const;
                expect(calls.map(([method]) => method)).toEqual(NINE);
                for (const [method, call, want] of calls) expect(await outcome(call()), `${resource} ${method}, role ${roleId}`).toBe(want);
            }
            expect((await admin.getOne(resource, { id: row.id })).data, resource).toEqual(row);
        }
    });

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
        expect(history.data.filter((line) => line.record === made.data.id).map((line) => line.action)).toEqual(['toggle', 'create']);
    });
});
