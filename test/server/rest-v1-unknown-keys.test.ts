// Not run again on PostgreSQL: validation before any SQL.
import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { form, makeApp, PNG, signIn, type TestApp } from './helpers';

// Writes and filters that would do nothing are refused by name at /api/v1; what react-admin sends back is not.

async function ready() {
    const t = await makeApp();
    const { authorization } = await signIn(t);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, ...(payload ? { payload } : {}) });
    // A page needs a picture: made on the legacy path, which takes files.
    const aPage = async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/managepage', headers: { authorization }, payload: form({ selectCategory: 'Help', pageName: 'Returns', image: PNG }) });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.id as number;
    };
    return { ...t, call, aPage };
}

async function aCategory(call: Awaited<ReturnType<typeof ready>>['call']) {
    const created = await call('POST', '/categories', { name: 'Vegetables', description: 'Fresh' });
    expect(created.statusCode).toBe(201);
    return created.json() as Record<string, unknown>;
}

describe('unknown fields on /api/v1 writes', () => {
    it('refuses a PUT with a field the resource does not take, naming it and what it takes', async () => {
        const { call } = await ready();
        const category = await aCategory(call);
        const res = await call('PUT', `/categories/${category.id}`, { nme: 'typo' });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Unknown field nme; this resource takes: name, description, image, status');
        expect(res.json().errors).toEqual({ nme: 'Unknown field nme; this resource takes: name, description, image, status' });
        expect((await call('GET', `/categories/${category.id}`)).json().name).toBe('Vegetables');
    });

    it('refuses a POST with an unknown field, and creates nothing', async () => {
        const { call } = await ready();
        const res = await call('POST', '/categories', { name: 'Fruit', description: 'Sweet', colour: 'red' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.colour).toMatch(/^Unknown field colour; this resource takes: name, description/);
        const list = await call('GET', '/categories');
        expect(list.json()).toEqual([]);
    });

    it('takes the whole record react-admin sends back on an edit, read-only fields included', async () => {
        const { call } = await ready();
        const category = await aCategory(call);
        const res = await call('PUT', `/categories/${category.id}`, { ...category, id: 999, createdAt: 'yesterday', name: 'Greens' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: category.id, name: 'Greens', createdAt: category.createdAt });
        // A record with joined names (categoryName) sent back whole.
        const sub = await call('POST', '/subcategories', { categoryId: category.id, name: 'Leafy' });
        const whole = (await call('GET', `/subcategories/${sub.json().id}`)).json();
        expect(Object.keys(whole)).toContain('categoryName');
        const again = await call('PUT', `/subcategories/${whole.id}`, { ...whole, name: 'Leafy greens' });
        expect(again.statusCode).toBe(200);
        expect(again.json().name).toBe('Leafy greens');
        // And on create, as a clone does: the answered fields are ignored.
        const clone = await call('POST', '/categories', { ...category, name: 'Copy' });
        expect(clone.statusCode).toBe(201);
        expect(clone.json().id).not.toBe(category.id);
    });

    for (const resource of ['pagecategories', 'managepage']) {
        it(`refuses a status change on ${resource}, which has no status switch`, async () => {
            const { call, aPage } = await ready();
            const page = await call('POST', '/pagecategories', { name: 'Help' });
            expect(page.statusCode).toBe(201);
            const id = resource === 'pagecategories' ? page.json().id : await aPage();
            const res = await call('PUT', `/${resource}/${id}`, { status: 0 });
            expect(res.statusCode).toBe(400);
            expect(res.json().errors.status).toMatch(/have no status switch: they are always active \(1\)$/);
            expect((await call('GET', `/${resource}/${id}`)).json().status).toBe(1);
            // Sent back unchanged, as react-admin does, it is no change.
            const same = await call('PUT', `/${resource}/${id}`, { status: 1 });
            expect(same.statusCode).toBe(200);
        });
    }
});

describe('unknown filters and sorts on /api/v1 lists', () => {
    it('refuses a filter the list does not have, naming the ones it has', async () => {
        const { call } = await ready();
        await aCategory(call);
        for (const key of ['name', 'foo', 'price_gte']) {
            const res = await call('GET', `/categories?filter=${encodeURIComponent(JSON.stringify({ [key]: 'zzz' }))}`);
            expect(res.statusCode, key).toBe(400);
            expect(res.json().message).toMatch(new RegExp(`^Unknown filter ${key}; this list filters by: q, id, status`));
        }
        const page = await call('GET', `/categories?filter=${encodeURIComponent('{"page":3}')}`);
        expect(page.statusCode).toBe(400);
        expect(page.json().message).toBe('Unknown filter page');
        const bare = await call('GET', '/categories?foo=1');
        expect(bare.statusCode).toBe(400);
    });

    it('refuses a sort on a column the list does not sort by', async () => {
        const { call } = await ready();
        const res = await call('GET', `/categories?sort=${encodeURIComponent('["foo","ASC"]')}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('This list sorts by: id, name, status, createdAt, updatedAt (not by description, image: long text, pictures and joined names are not sorted)');
    });

    it('still filters by q, status and id (getMany)', async () => {
        const { call } = await ready();
        const category = await aCategory(call);
        const filtered = (filter: object) => call('GET', `/categories?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,9]`);
        expect((await filtered({ q: 'veg' })).json()).toHaveLength(1);
        expect((await filtered({ status: 0 })).json()).toHaveLength(0);
        expect((await filtered({ id: [category.id] })).json()).toHaveLength(1);
    });
});

describe("the admin app's own list filters", () => {
    it('are all taken: the search, each filter the schema declares and each upper bound', async () => {
        const { call } = await ready();
        const refused: string[] = [];
        for (const entity of entities) {
            const keys = [...(entity.list.search.length ? ['q'] : []), ...entity.list.filters, ...(entity.list.atMost ?? []).map((name) => `${name}_lte`), 'id'];
            for (const key of keys) {
                const value = key === 'id' ? [1] : key === 'state' ? 'active' : 1;
                const res = await call('GET', `/${entity.name}?filter=${encodeURIComponent(JSON.stringify({ [key]: value }))}&range=[0,0]`);
                if (res.statusCode === 404) break; // no /api/v1 list for this one
                if (/^Unknown filter/.test(res.json().message ?? '')) refused.push(`${entity.name}.${key}`);
            }
        }
        expect(refused).toEqual([]);
    });
});

describe('legacy paths keep ignoring what they do not know', () => {
    it('answers a legacy list with an unknown query key, and a legacy update with an extra field', async () => {
        const t: TestApp = await makeApp();
        const { authorization } = await signIn(t);
        const list = await t.app.inject({ url: '/api/categories?foo=1&_=123', headers: { authorization } });
        expect(list.statusCode).toBe(200);
        const created = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { authorization }, payload: { name: 'Dairy', description: 'Milk', status: '1', extra: 'x' } });
        expect(created.statusCode).toBe(201);
        const updated = await t.app.inject({ method: 'POST', url: `/api/categories/${created.json().data.id}`, headers: { authorization }, payload: { name: 'Dairy & eggs', nme: 'typo' } });
        expect(updated.statusCode).toBe(200);
        expect(updated.json().data.name).toBe('Dairy & eggs');
    });
});
