import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import type { EntitySchema } from '../../schema/types';
import { introspect } from '../../server/db/introspect';
import { writeMigration } from '../../server/db/migrationWriter';
import { migrations } from '../../server/db/migrations';
import { describeGaps, gapsOf, tablesOf } from '../../server/db/schemaTables';
import { databaseUrl, form, makeApp, PNG, signIn } from './helpers';

const dialect = databaseUrl ? 'postgres' : 'sqlite';

/** What the app's database lacks of what the schemas ask for, in words. */
async function gaps(db: unknown, schemas: EntitySchema[]) {
    const shape = await introspect(db as Kysely<unknown>);
    return tablesOf(schemas).flatMap((spec) => describeGaps(gapsOf(spec, shape, dialect)));
}

// A developer's new entity: this one exists only in this test (its table too, should a real brands entity ship).
const shipped = entities.filter((entity) => entity.name !== 'brands');
const brands: EntitySchema = {
    name: 'brands',
    table: 'trialBrands',
    noun: ['brand', 'brands'],
    tag: 'Brands',
    paths: { list: '/brands', item: '/brands/:id', create: '/brands', update: '/brands/:id', toggle: '/brands/:id/toggle', remove: '/brands/:id' },
    fields: {
        name: { type: 'text', required: true, max: 120 },
        logo: { type: 'image' },
        description: { type: 'longText' },
    },
    unique: [{ fields: ['name'], message: 'A brand with this name already exists' }],
    list: { search: ['name', 'description'], sort: ['id', 'name', 'status', 'createdAt'], filters: ['status'], columns: ['id', 'logo', 'name', 'status'] },
    messages: { created: 'Brand added', updated: 'Brand updated', toggled: 'Brand status changed', deleted: 'Brand deleted', notFound: 'Brand not found' },
    representation: 'name',
    icon: 'Storefront',
};

const scratch: string[] = [];
afterEach(() => {
    while (scratch.length) fs.rmSync(scratch.pop()!, { recursive: true, force: true });
});

/** The generator's migration for `schemas`, written to a folder of its own outside the repository, and loaded. */
async function generated(name: string, schemas: EntitySchema[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-'));
    scratch.push(dir);
    // So that the file's own `import { sql } from 'kysely'` resolves from outside the repository.
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const { file, plan } = await writeMigration({ name, entities: schemas, dir, today: '2026-11-24' });
    return { file, plan, migration: file ? ((await import(pathToFileURL(file).href)) as Migration) : undefined, dir };
}

describe('the tables the schemas describe', () => {
    it('are all made by the migrations: every table, column, unique index and list index', async () => {
        const { app } = await makeApp();
        expect(await gaps(app.db, entities)).toEqual([]);
    });

    it('fail the check when a table, a column or an index is missing', async () => {
        const { app } = await makeApp();
        const categories = entities.find((entity) => entity.name === 'categories')!;
        const grown: EntitySchema = {
            ...categories,
            fields: {
                ...categories.fields,
                website: { type: 'url', unique: 'This website is taken' },
                relatedIds: { type: 'referenceMany', reference: 'categories', through: { table: 'relatedCategories', key: 'categoryId', ref: 'relatedId' } },
            },
            list: { ...categories.list, filters: [...categories.list.filters, 'website'] },
            unique: [...categories.unique!, { fields: ['description'], message: 'Taken' }],
        };
        expect(await gaps(app.db, [grown, brands])).toEqual([
            'categories: no column categories.website',
            'categories: no unique index categories_website_unique',
            'categories: no unique index categories_description_unique',
            'categories: its list lacks categories_website_id_list_idx',
            'categories: no set table related_categories (category_id, related_id, read by related_id)',
            'brands: no table trial_brands',
        ]);
    });
});

describe('npm run db:migration', () => {
    it('writes nothing while the migrations already make what the schemas ask for', async () => {
        const { file, plan } = await generated('nothing', entities);
        expect(file).toBeUndefined();
        expect(plan).toEqual({ gaps: [], typeChanges: [] });
    });

    it('writes, for a new entity, the dated migration that makes its table, unique and list indexes; its routes then work', async () => {
        const { file, migration, plan, dir } = await generated('brands', [...shipped, brands]);
        const name = path.basename(file!, '.ts');
        expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-brands$/);
        expect([...Object.keys(migrations), name].sort().at(-1)).toBe(name);
        expect(plan.gaps.flatMap(describeGaps)).toEqual(['brands: no table trial_brands']);
        const source = fs.readFileSync(file!, 'utf8');
        expect(source).toContain(`createUniqueIndex(db, 'trial_brands', ['name'], ['name'])`);
        expect(source).toContain(
            `createListIndexes(db, { table: 'trialBrands', search: ['name', 'description'], sort: ['name', 'status', 'createdAt'], filters: ['status'] })`,
        );
        expect(source).toContain(`createRowVersions(db, 'trial_brands')`);

        const t = await makeApp({}, { entities: [...shipped, brands] });
        expect(await gaps(t.app.db, [brands])).toEqual(['brands: no table trial_brands']);
        await migration!.up(t.app.db as unknown as Kysely<unknown>);
        expect(await gaps(t.app.db, [...entities, brands])).toEqual([]);

        // The table is what the routes need: create, a case-insensitive clash, search, toggle, delete.
        const headers = await signIn(t);
        const created = await t.app.inject({ method: 'POST', url: '/api/brands', headers, payload: form({ name: 'Amul', description: 'Dairy', logo: PNG }) });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json()).toMatchObject({ message: 'Brand added', data: { name: 'Amul', description: 'Dairy', status: 1 } });
        // Its rows have versions, so its list keeps their records (server/db/rowVersions.ts).
        const versioned = await sql<{ version: number }>`select version from row_versions where table_name = 'trial_brands' and row_id = ${created.json().data.id}`.execute(t.app.db);
        expect(versioned.rows).toHaveLength(1);
        const clash = await t.app.inject({ method: 'POST', url: '/api/brands', headers, payload: { name: ' amul ' } });
        expect(clash.json()).toMatchObject({ success: false, errors: { name: 'A brand with this name already exists' } });
        await t.app.inject({ method: 'POST', url: '/api/brands', headers, payload: { name: 'Britannia', description: 'Biscuits' } });
        const found = await t.app.inject({ url: '/api/brands?q=dair', headers });
        expect(found.json().map((brand: { name: string }) => brand.name)).toEqual(['Amul']);
        const { id } = created.json().data;
        expect((await t.app.inject({ method: 'POST', url: `/api/brands/${id}/toggle`, headers, payload: { status: 0 } })).json().data.status).toBe(0);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/brands/${id}`, headers })).json().message).toBe('Brand deleted');

        // Written once: with it among the migrations, there is nothing more to write; and it goes back down.
        const again = await writeMigration({ name: 'again', entities: [...shipped, brands], dir, migrations: { ...migrations, [name]: migration! } });
        expect(again.file).toBeUndefined();
        await migration!.down!(t.app.db as unknown as Kysely<unknown>);
        expect(await gaps(t.app.db, entities)).toEqual([]);
        expect(await gaps(t.app.db, [brands])).toEqual(['brands: no table trial_brands']);
    });

    it('writes every kind of column: enum and amount checks, a unique field, references, a creator, a gallery table, a set of references', async () => {
        const offers: EntitySchema = {
            name: 'offers',
            table: 'specialOffers',
            noun: ['offer', 'offers'],
            tag: 'Offers',
            paths: { list: '/offers', item: '/offers/:id', create: '/offers', update: '/offers/:id', remove: '/offers/:id' },
            fields: {
                code: { type: 'text', required: true, max: 20, unique: 'This code is taken' },
                kind: { type: 'enum', choices: ['daily', 'weekly'], required: true },
                price: { type: 'money', required: true },
                startsOn: { type: 'date' },
                categoryId: { type: 'reference', reference: 'categories', display: { as: 'categoryName', field: 'name' } },
                images: { type: 'gallery', gallery: { table: 'offerImages', key: 'offerId', removeField: 'removeImages', max: 3 } },
                categoryIds: { type: 'referenceMany', reference: 'categories', through: { table: 'offerCategories', key: 'offerId', ref: 'categoryId' }, max: 5 },
            },
            createdBy: true,
            list: { search: ['code'], sort: ['id', 'code', 'price'], filters: ['kind'], columns: ['id', 'code', 'kind', 'price', 'categoryName'] },
            messages: { created: 'Offer added', updated: 'Offer updated', toggled: 'Offer toggled', deleted: 'Offer deleted', notFound: 'No such offer' },
            representation: 'code',
        };
        const { migration, file } = await generated('offers', [...shipped, offers]);
        const source = fs.readFileSync(file!, 'utf8');
        expect(source).toContain(".addColumn('kind', 'varchar(6)', (c) => c.notNull().check(sql`kind in ('daily', 'weekly')`))");
        expect(source).toContain(".addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))");
        // A field's `unique` is the entity's kind of rule: an index on the text without case or surrounding spaces.
        expect(source).toContain(".addColumn('code', 'varchar(20)', (c) => c.notNull())");
        expect(source).toContain(`createUniqueIndex(db, 'special_offers', ['code'], ['code'])`);
        expect(source).toContain(".addPrimaryKeyConstraint('offer_categories_pk', ['offer_id', 'category_id'])");

        const t = await makeApp({}, { entities: [...shipped, offers] });
        await migration!.up(t.app.db as unknown as Kysely<unknown>);
        expect(await gaps(t.app.db, [...shipped, offers])).toEqual([]);
        const headers = await signIn(t);
        const category = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Dairy', description: 'Milk' } });
        const payload = { code: 'MILK5', kind: 'daily', price: '12.50', categoryId: String(category.json().data.id), categoryIds: String(category.json().data.id), images: [PNG, PNG] };
        const created = await t.app.inject({ method: 'POST', url: '/api/offers', headers, payload: form(payload) });
        expect(created.statusCode, created.body).toBe(201);
        const categoryIds = [category.json().data.id];
        expect(created.json().data).toMatchObject({ code: 'MILK5', price: 12.5, categoryName: 'Dairy', categoryIds, images: [expect.any(String), expect.any(String)] });
        const clash = await t.app.inject({ method: 'POST', url: '/api/offers', headers, payload: { ...payload, code: ' milk5 ', images: undefined } });
        expect(clash.json().errors).toEqual({ code: 'This code is taken' });
        await migration!.down!(t.app.db as unknown as Kysely<unknown>);
        expect(await gaps(t.app.db, entities)).toEqual([]);
    });

    it('writes, for a new field, its column (and what its list and uniqueness need) on the existing table', async () => {
        const categories = entities.find((entity) => entity.name === 'categories')!;
        const grown: EntitySchema = {
            ...categories,
            fields: { ...categories.fields, website: { type: 'url', unique: 'This website is taken' } },
            list: { ...categories.list, search: [...categories.list.search, 'website'] },
        };
        const schemas = entities.map((entity) => (entity === categories ? grown : entity));
        const { migration, plan } = await generated('category-website', schemas);
        expect(plan.gaps.flatMap(describeGaps)).toEqual([
            'categories: no column categories.website',
            'categories: no unique index categories_website_unique',
            // The generator reads the migrations on SQLite.
            'categories: its list lacks the fts5 text index of name, description, website',
        ]);

        const t = await makeApp({}, { entities: schemas });
        const headers = await signIn(t);
        await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Dairy', description: 'Milk' } });
        await migration!.up(t.app.db as unknown as Kysely<unknown>);
        expect(await gaps(t.app.db, schemas)).toEqual([]);
        const saved = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Bakery', description: 'Bread', website: 'https://bake.example' } });
        expect(saved.json().data).toMatchObject({ website: 'https://bake.example' });
        // The rebuilt text index holds the rows that were there and the new column.
        expect((await t.app.inject({ url: '/api/categories?q=milk', headers })).json().map((row: { name: string }) => row.name)).toEqual(['Dairy']);
        expect((await t.app.inject({ url: '/api/categories?q=bake.ex', headers })).json().map((row: { name: string }) => row.name)).toEqual(['Bakery']);
        await migration!.down!(t.app.db as unknown as Kysely<unknown>);
        expect(await gaps(t.app.db, entities)).toEqual([]);
    });
});
