import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { API_URL } from '../../src/config';
import { createDataProvider, httpClient } from '../../src/dataProvider';
import { makeApp, PNG, signIn } from '../server/helpers';
import { serveWith } from './realApi';
import type { AnyDb } from '../../server/engine/rows';

// The app's data provider against the real API (a fresh database): the moved resources' reads and writes go to
// /api/v1, the writes that carry pictures and the bulk changes to their legacy paths, with the server's own answers.

afterEach(() => localStorage.clear());

async function signedIn() {
    const t = await makeApp();
    const { authorization } = await signIn(t);
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    const calls = serveWith(t);
    return { t, calls, dataProvider: createDataProvider(API_URL, httpClient) };
}

/** 'PUT /api/v1/attribute/3' for each call, without the query. */
const paths = (calls: string[]) => calls.map(call => call.split('?')[0]);

const page = (perPage: number, field = 'id', order: 'ASC' | 'DESC' = 'ASC', filter: Record<string, unknown> = {}) => ({
    pagination: { page: 1, perPage },
    sort: { field, order },
    filter,
});

describe('the data provider on the real API, /api/v1', () => {
    it('creates, updates, toggles and deletes an attribute through /api/v1, each write in the record’s history', async () => {
        const { t, calls, dataProvider } = await signedIn();

        const { data: created } = await dataProvider.create('attribute', { data: { name: 'Weight', value: '1 kg', description: 'Net' } });
        // Attributes are always saved inactive, on v1 as on the legacy path.
        expect(created).toMatchObject({ id: expect.any(Number), name: 'Weight', value: '1 kg', status: 0 });
        const { data: read } = await dataProvider.getOne('attribute', { id: created.id });

        const { data: updated } = await dataProvider.update('attribute', { id: created.id, data: { ...read, value: '2 kg' }, previousData: read });
        expect(updated).toMatchObject({ id: created.id, value: '2 kg', description: 'Net' });

        const toggled = await dataProvider.toggleStatus('attribute', { id: created.id, status: 1 });
        expect(toggled).toEqual({ data: expect.objectContaining({ id: created.id, status: 1 }), message: 'Attribute status toggled successfully!' });

        const { data: history } = await dataProvider.getList('activity', page(10, 'id', 'ASC', { entity: 'attribute', record: created.id }));
        expect(history.map(line => [line.action, line.changes])).toEqual([
            ['create', expect.anything()],
            ['update', { value: { before: '1 kg', after: '2 kg' } }],
            ['toggle', { status: { before: 0, after: 1 } }],
        ]);

        const { data: deleted } = await dataProvider.delete('attribute', { id: created.id, previousData: read });
        expect(deleted).toMatchObject({ id: created.id, value: '2 kg' });
        expect(await t.app.db.selectFrom('attributes').selectAll().execute()).toEqual([]);

        expect(paths(calls)).toEqual([
            'POST /api/v1/attribute',
            `GET /api/v1/attribute/${created.id}`,
            `PUT /api/v1/attribute/${created.id}`,
            `PUT /api/v1/attribute/${created.id}`,
            'GET /api/v1/activity',
            `DELETE /api/v1/attribute/${created.id}`,
        ]);
    });

    it('shows the server’s refusal on the form fields: {message, errors} from /api/v1', async () => {
        const { dataProvider } = await signedIn();
        await dataProvider.create('pincode', { data: { pincode: '560001', prize: 40 } });

        const refusal = await dataProvider.create('pincode', { data: { pincode: '560001', prize: 10 } }).catch(error => error);

        expect(refusal).toBeInstanceOf(HttpError);
        expect(refusal.status).toBe(409);
        expect(refusal.body).toEqual({
            message: 'This pincode already exists',
            errors: { pincode: 'This pincode already exists', root: { serverError: 'This pincode already exists' } },
        });
        const missing = await dataProvider.create('attribute', { data: { value: '1 kg' } }).catch(error => error);
        expect(missing.status).toBe(400);
        expect(missing.body.errors).toMatchObject({ name: 'Please enter the attribute name' });
    });

    it('pages, sorts and filters a list in the stock dialect of /api/v1', async () => {
        const { calls, dataProvider } = await signedIn();
        for (const [pincode, prize] of [['560001', 40], ['560002', 10], ['560003', 25], ['400001', 60]] as const) {
            await dataProvider.create('pincode', { data: { pincode, prize } });
        }

        const { data, total } = await dataProvider.getList('pincode', page(2, 'prize', 'DESC', { q: '5600' }));

        expect(total).toBe(3);
        expect(data.map(row => [row.pincode, row.prize])).toEqual([['560001', 40], ['560003', 25]]);
        expect(calls.at(-1)).toBe(`GET /api/v1/pincode?filter=${encodeURIComponent('{"q":"5600"}')}&range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["prize","DESC"]')}`);
        const { data: many } = await dataProvider.getMany('pincode', { ids: [data[0].id, data[1].id] });
        expect(many.map(row => row.pincode).sort()).toEqual(['560001', '560003']);
    });

    it('page categories, whose legacy calls are one upsert and a DELETE with a body, go through /api/v1 entirely', async () => {
        const { t, calls, dataProvider } = await signedIn();

        const { data: help } = await dataProvider.create('pagecategories', { data: { name: 'Help' } });
        await dataProvider.update('pagecategories', { id: help.id, data: { ...help, name: 'Help desk' }, previousData: help });
        const { data: list } = await dataProvider.getList('pagecategories', page(10));
        expect(list.map(row => row.name)).toEqual(['Help desk']);
        await dataProvider.delete('pagecategories', { id: help.id });

        // Page categories are a schema entity, outside the typed tables.
        expect(await (t.app.db as unknown as AnyDb).selectFrom('pageCategories').select('id').execute()).toEqual([]);
        expect(paths(calls)).toEqual([
            'POST /api/v1/pagecategories',
            `PUT /api/v1/pagecategories/${help.id}`,
            'GET /api/v1/pagecategories',
            `DELETE /api/v1/pagecategories/${help.id}`,
        ]);
    });

    it('sends a category’s picture as a file to its legacy path, and reads, toggles and bulk-changes it as the map says', async () => {
        const { calls, dataProvider } = await signedIn();
        const image = { rawFile: new File([PNG], 'veg.png', { type: 'image/png' }), src: 'blob:veg', title: 'veg.png' };

        const { data: created } = await dataProvider.create('categories', { data: { name: 'Vegetables', description: 'Fresh', image } });
        const { data: read } = await dataProvider.getOne('categories', { id: created.id });
        expect(read).toMatchObject({ name: 'Vegetables', image: expect.stringMatching(/^\/uploads\//) });
        await dataProvider.toggleStatus('categories', { id: created.id, status: 0 });
        const result = await dataProvider.bulk('categories', { ids: [created.id], action: 'activate' });
        expect(result.results).toEqual([{ id: created.id, ok: true }]);
        const { data: after } = await dataProvider.getOne('categories', { id: created.id });
        expect(after.status).toBe(1);

        expect(paths(calls)).toEqual([
            'POST /api/categories',
            `GET /api/v1/categories/${created.id}`,
            `PUT /api/v1/categories/${created.id}`,
            'POST /api/categories/bulk',
            `GET /api/v1/categories/${created.id}`,
        ]);
    });
});
