// Not run again on PostgreSQL: hooks refuse with the app's errors; a refusal inside a transaction runs there in csv-import.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { idColumn } from '../../server/db/dialect';
import type { HooksByEntity, HookContext } from '../../server/engine/hooks';
import type { Row, Values } from '../../server/engine/rows';
import { HttpError } from '../../server/infra/errors';
import { form, makeApp, PNG, signIn } from './helpers';

// A rule a schema cannot say is a hook beside its feature, run by the engine inside the entity's own writes.
// These hooks keep a ledger of what they saw in a table of their own, written through the write's transaction.

type Log = { event: string; name: string | null };

const ledger = (event: string, row: Values, { trx }: HookContext) => trx.insertInto('hookLog').values({ event, name: (row.name as string) ?? null }).execute();

const hooks: HooksByEntity = {
    categories: {
        async beforeCreate(values) {
            if (values.name === 'Forbidden') throw new HttpError(409, 'Categories may not be called that');
            return { ...values, description: `${values.description} (checked)` };
        },
        async afterCreate(row, context) {
            await ledger('created', row, context);
            if (row.name === 'Undone') throw new HttpError(409, 'The after hook refused');
        },
        async beforeUpdate(values, existing) {
            if (existing.name === 'Frozen') throw new HttpError(409, 'This category is frozen');
            return values;
        },
        async afterUpdate(row, existing, context) {
            await ledger(`updated ${existing.status}→${row.status}`, row, context);
        },
        async beforeDelete(existing) {
            if (existing.name === 'Kept') throw new HttpError(409, 'This category is kept');
        },
        async afterDelete(existing, context) {
            await ledger('deleted', existing, context);
        },
    },
};

async function hookedApp() {
    const t = await makeApp({}, { hooks });
    const db = t.app.db as unknown as Kysely<unknown>;
    await db.schema.createTable('hook_log').addColumn('id', 'integer', idColumn(db)).addColumn('event', 'varchar(40)').addColumn('name', 'varchar(120)').execute();
    const headers = await signIn(t);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object | FormData) => t.app.inject({ method, url: `/api${url}`, headers, payload: payload as never });
    const log = async () => ((await (t.app.db as never as Kysely<{ hookLog: Log & { id: number } }>).selectFrom('hookLog').select(['event', 'name']).orderBy('id').execute()) as Log[]);
    const names = async () => (await call('GET', '/categories')).json().map((row: Row) => row.name);
    const stored = () => fs.readdirSync(path.join(t.config.dataDir, 'uploads')).filter((name) => !name.startsWith('.'));
    return { ...t, call, log, names, stored };
}

describe('entity hooks', () => {
    it('run before a create (changing what is written) and after it, inside its transaction', async () => {
        const { call, log } = await hookedApp();
        const created = await call('POST', '/categories', { name: 'Dairy', description: 'Milk' });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().data).toMatchObject({ name: 'Dairy', description: 'Milk (checked)' });
        expect(await log()).toEqual([{ event: 'created', name: 'Dairy' }]);
    });

    it('refuse a create with their own status and sentence, and nothing is left: no row, no audit line, no file', async () => {
        const { call, log, names, stored } = await hookedApp();
        const before = stored();
        const refused = await call('POST', '/categories', form({ name: 'Forbidden', description: 'x', image: PNG }));
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ success: false, message: 'Categories may not be called that' });
        // An after hook's refusal undoes the row and what the hook itself wrote.
        const undone = await call('POST', '/categories', form({ name: 'Undone', description: 'x', image: PNG }));
        expect(undone.statusCode).toBe(409);
        expect(await names()).toEqual([]);
        expect(await log()).toEqual([]);
        expect(stored()).toEqual(before);
        const audit = (await call('GET', '/activity?entity=categories')).json();
        expect(audit).toEqual([]);
        // The same calls without the hooks' refusals do write (so the checks above can fail).
        expect((await call('POST', '/categories', { name: 'Allowed', description: 'x' })).statusCode).toBe(201);
        expect((await call('GET', '/activity?entity=categories')).json()).toHaveLength(1);
    });

    it('run around updates, toggles and bulk status changes, each row seeing what it was', async () => {
        const { call, log } = await hookedApp();
        const { id } = (await call('POST', '/categories', { name: 'Bakery', description: 'Bread' })).json().data;
        const other = (await call('POST', '/categories', { name: 'Fruit', description: 'Apples' })).json().data.id;
        expect((await call('POST', `/categories/${id}`, { description: 'Loaves' })).statusCode).toBe(200);
        expect((await call('POST', `/categories/${id}/toggle`, { status: 0 })).json().data.status).toBe(0);
        const bulk = await call('POST', '/categories/bulk', { ids: [id, other], action: 'activate' });
        expect(bulk.json()).toMatchObject({ success: true, message: '2 categories activated' });
        expect((await log()).slice(2)).toEqual([
            { event: 'updated 1→1', name: 'Bakery' },
            { event: 'updated 1→0', name: 'Bakery' },
            { event: 'updated 0→1', name: 'Bakery' },
            { event: 'updated 1→1', name: 'Fruit' },
        ]);
    });

    it('refuse an update or a toggle, and the row stays as it was', async () => {
        const { call, names } = await hookedApp();
        const { id } = (await call('POST', '/categories', { name: 'Frozen', description: 'Ice' })).json().data;
        const update = await call('POST', `/categories/${id}`, { name: 'Thawed' });
        expect(update.statusCode).toBe(409);
        expect(update.json().message).toBe('This category is frozen');
        expect((await call('POST', `/categories/${id}/toggle`, {})).statusCode).toBe(409);
        expect((await call('GET', `/categories/${id}`)).json()).toMatchObject({ name: 'Frozen', status: 1 });
        expect(await names()).toEqual(['Frozen']);
    });

    it('run around deletes, one by one and in bulk; a refusal keeps the row (and a bulk delete is all or nothing)', async () => {
        const { call, log, names } = await hookedApp();
        const ids: number[] = [];
        for (const name of ['Kept', 'Spare', 'Old']) ids.push((await call('POST', '/categories', { name, description: name })).json().data.id);
        const refused = await call('DELETE', `/categories/${ids[0]}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('This category is kept');
        expect((await call('DELETE', `/categories/${ids[1]}`)).statusCode).toBe(200);
        expect((await call('POST', '/categories/bulk', { ids: [ids[0], ids[2]], action: 'delete' })).statusCode).toBe(409);
        expect((await names()).sort()).toEqual(['Kept', 'Old']);
        expect((await call('POST', '/categories/bulk', { ids: [ids[2]], action: 'delete' })).statusCode).toBe(200);
        expect((await log()).filter((line) => line.event === 'deleted')).toEqual([
            { event: 'deleted', name: 'Spare' },
            { event: 'deleted', name: 'Old' },
        ]);
    });

    it('run for every row a CSV import adds: a row its hook refuses is reported with the hook\'s sentence', async () => {
        const t = await makeApp({}, { hooks: { pincode: { beforeCreate: async (values) => (values.pincode === '110002' ? Promise.reject(new HttpError(409, 'Not delivered there')) : values) } } });
        const headers = await signIn(t);
        const csv = 'Pincode,Delivery charge\n110001,40\n110002,50\n';
        const payload = form({ file: Buffer.from(csv) });
        const answer = await t.app.inject({ method: 'POST', url: '/api/pincode/import', headers, payload });
        expect(answer.json()).toMatchObject({ message: '1 pincode added, 1 refused', accepted: 1, refused: 1 });
        expect(answer.json().rows[1]).toMatchObject({ line: 3, status: 'refused', errors: { row: 'Not delivered there' } });
        expect((await t.app.inject({ url: '/api/pincode', headers })).json().map((row: Row) => row.pincode)).toEqual(['110001']);
    });

    it('must name an entity: a hook for none stops the start with its name', async () => {
        await expect(makeApp({}, { hooks: { brandz: {} } })).rejects.toThrow('Hooks name no entity: brandz');
        expect(entities.some((entity) => entity.name === 'brandz')).toBe(false);
    });
});
