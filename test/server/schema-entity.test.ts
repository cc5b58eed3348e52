import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import type { EntitySchema } from '../../schema/types';
import { idColumn } from '../../server/db/dialect';
import { form, makeApp, PNG, signIn } from './helpers';
import type { Kysely } from 'kysely';

// A developer adds an entity by writing its schema: this one exists only in this test, and gets working routes.
const notes: EntitySchema = {
    name: 'notes',
    table: 'notes',
    noun: ['note', 'notes'],
    tag: 'Notes',
    paths: { list: '/notes', item: '/notes/:id', create: '/addNote', update: '/notes/:id', toggle: '/notes/:id/flip', remove: '/notes/:id' },
    toggleKey: 'state',
    envelope: 'data',
    fields: {
        title: { type: 'text', required: true, max: 40, message: 'Please give the note a title' },
        body: { type: 'longText' },
        amount: { type: 'money', label: 'amount', max: 500 },
        kind: { type: 'enum', choices: ['memo', 'todo'], required: true },
        categoryId: { type: 'reference', reference: 'categories', display: { as: 'categoryName', field: 'name' } },
        image: { type: 'image' },
    },
    list: { search: ['title', 'body'], sort: ['id', 'title', 'amount'], filters: ['kind', 'status', 'categoryId'], columns: ['id', 'title', 'kind', 'amount', 'status'] },
    messages: { created: 'Note saved', updated: 'Note changed', toggled: 'Note flipped', deleted: 'Note gone', notFound: 'No such note' },
    representation: 'title',
};

async function notesApp() {
    const t = await makeApp({}, { entities: [...entities, notes] });
    // The migration a developer writes beside the schema.
    const db = t.app.db as unknown as Kysely<unknown>;
    await db.schema
        .createTable('notes')
        .addColumn('id', 'integer', idColumn(db))
        .addColumn('title', 'varchar(40)', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('amount', 'integer')
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    const headers = await signIn(t);
    return { ...t, headers };
}

describe('an entity added by its schema alone', () => {
    it('gets create, read, update, toggle, list and delete on its own legacy paths', async () => {
        const { app, headers } = await notesApp();
        const category = await app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Dairy', description: 'Milk' } });
        const created = await app.inject({
            method: 'POST',
            url: '/api/addNote',
            headers,
            payload: form({ title: 'Reorder paneer', kind: 'todo', amount: '120.50', categoryId: String(category.json().data.id), image: PNG }),
        });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({
            success: true,
            message: 'Note saved',
            data: { title: 'Reorder paneer', kind: 'todo', amount: 120.5, categoryName: 'Dairy', status: 1 },
        });
        const { id, image } = created.json().data;
        expect(image).toMatch(/^\/uploads\/.+\.png$/);

        const read = await app.inject({ url: `/api/notes/${id}`, headers });
        expect(read.json()).toMatchObject({ id, title: 'Reorder paneer', body: null });

        const updated = await app.inject({ method: 'POST', url: `/api/notes/${id}`, headers, payload: { body: 'Two kilos' } });
        expect(updated.json()).toMatchObject({ message: 'Note changed', data: { title: 'Reorder paneer', body: 'Two kilos' } });

        const flipped = await app.inject({ method: 'POST', url: `/api/notes/${id}/flip`, headers, payload: { state: 0 } });
        expect(flipped.json()).toMatchObject({ message: 'Note flipped', data: { status: 0 } });

        const legacy = await app.inject({ url: '/api/notes', headers });
        expect(legacy.json()).toEqual({ success: true, data: [expect.objectContaining({ id, status: 0 })] });
        expect(legacy.headers['x-total-count']).toBe('1');

        const removed = await app.inject({ method: 'DELETE', url: `/api/notes/${id}`, headers });
        expect(removed.json()).toEqual({ success: true, message: 'Note gone', data: { id } });
        expect((await app.inject({ url: `/api/notes/${id}`, headers })).json().message).toBe('No such note');
    });

    it('checks its fields with the schema’s messages', async () => {
        const { app, headers } = await notesApp();
        const res = await app.inject({ method: 'POST', url: '/api/addNote', headers, payload: { title: ' ', kind: 'poem', amount: '600', categoryId: 99 } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({
            title: 'Please give the note a title',
            kind: 'Please choose one of: memo, todo',
            amount: 'Amount cannot be more than 500',
        });
        const dangling = await app.inject({ method: 'POST', url: '/api/addNote', headers, payload: { title: 'A', kind: 'memo', categoryId: 99 } });
        expect(dangling.json().errors).toEqual({ categoryId: 'Please choose an existing category' });
    });

    it('pages, searches, filters and sorts in both dialects, and is documented', async () => {
        const { app, headers } = await notesApp();
        for (const [title, kind] of [['Milk', 'todo'], ['Bread', 'memo'], ['Butter milk', 'todo']]) {
            await app.inject({ method: 'POST', url: '/api/addNote', headers, payload: { title, kind } });
        }
        const legacy = await app.inject({ url: '/api/notes?q=milk&kind=todo&sort=title&order=DESC&page=1&perPage=1', headers });
        expect(legacy.json().data?.map((n: { title: string }) => n.title), legacy.body).toEqual(['Milk']);
        expect(legacy.headers['x-total-count']).toBe('2');

        const filter = encodeURIComponent(JSON.stringify({ q: 'milk', kind: 'todo' }));
        const stock = await app.inject({ url: `/api/notes?filter=${filter}&range=[1,1]&sort=["title","DESC"]`, headers });
        expect(stock.json().map((n: { title: string }) => n.title)).toEqual(['Butter milk']);
        expect(stock.headers['content-range']).toBe('items 1-1/2');

        const ids = await app.inject({ url: `/api/notes?filter=${encodeURIComponent('{"id":[1,3]}')}`, headers });
        expect(ids.json().map((n: { id: number }) => n.id)).toEqual([1, 3]);

        const paths = Object.keys((app.swagger() as { paths: Record<string, unknown> }).paths);
        expect(paths).toEqual(expect.arrayContaining(['/api/notes', '/api/addNote', '/api/notes/{id}', '/api/notes/{id}/flip']));
    });

    it('refuses a malformed stock query with 400', async () => {
        const { app, headers } = await notesApp();
        for (const query of ['range=[5,1]', 'range=oops', 'filter=[1]', 'filter={"kind":["a"]}', 'sort=["nope","ASC"]', 'range=[0,5000]']) {
            const res = await app.inject({ url: `/api/notes?${query}`, headers });
            expect(res.statusCode, query).toBe(400);
            expect(res.json().success).toBe(false);
        }
    });
});
