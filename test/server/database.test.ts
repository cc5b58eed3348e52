import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { nowIso } from '../../server/infra/time';
import { adminApp, catalogueBasics } from './catalogue';
import { databaseUrl } from './helpers';

// The API checks these first; the database holds the line for anything that slips past it.
describe('database integrity', () => {
    const stamp = () => ({ status: 1, createdAt: nowIso(), updatedAt: nowIso() });

    it('refuses a subcategory whose category does not exist', async () => {
        const { app } = await adminApp();
        await expect(app.db.insertInto('subcategories').values({ categoryId: 42, name: 'Orphan', image: null, ...stamp() }).execute()).rejects.toThrow();
    });

    it('refuses a product pointing at a missing attribute or GST rate', async () => {
        const { app, call } = await adminApp();
        await catalogueBasics(call);
        const product = { name: 'Rice', description: 'Rice', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 100, image: null, createdBy: null, ...stamp() };
        await expect(app.db.insertInto('products').values({ ...product, attributeId: 42 }).execute()).rejects.toThrow();
        await expect(app.db.insertInto('products').values({ ...product, gstId: 42 }).execute()).rejects.toThrow();
        await expect(app.db.insertInto('products').values(product).execute()).resolves.toBeDefined();
    });

    it('refuses a second row with the same pincode', async () => {
        const { app } = await adminApp();
        await app.db.insertInto('pincodes').values({ pincode: '560001', prize: 0, ...stamp() }).execute();
        await expect(app.db.insertInto('pincodes').values({ pincode: '560001', prize: 100, ...stamp() }).execute()).rejects.toThrow();
    });

    it('deletes a product gallery with its product', async () => {
        const { app, call } = await adminApp();
        await catalogueBasics(call);
        const { id } = await app.db
            .insertInto('products')
            .values({ name: 'Rice', description: 'Rice', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 100, image: null, createdBy: null, ...stamp() })
            .returning('id')
            .executeTakeFirstOrThrow();
        await app.db.insertInto('productImages').values({ productId: id, image: '/uploads/a.png', position: 1 }).execute();
        await app.db.deleteFrom('products').where('id', '=', id).execute();
        expect(await app.db.selectFrom('productImages').selectAll().execute()).toEqual([]);
    });

    it('answers a delete the database refuses with 409, not 500', async () => {
        const { app, call } = await adminApp();
        await catalogueBasics(call);
        await call('POST', '/api/products', { name: 'Rice', description: 'Rice', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 100 });
        // Skips the API's own check to reach the foreign key.
        await expect(app.db.deleteFrom('gstRates').where('id', '=', 1).execute()).rejects.toThrow();
        const res = await call('DELETE', '/api/gst/1');
        expect(res.statusCode).toBe(409);
    });

    // The list benchmark's cold pages: with SQLite's own 2 MB, a deep page read its sort index and row versions from
    // the file over and over (docs/performance.md).
    it.skipIf(databaseUrl)('keeps SQLITE_CACHE_MB of pages in memory on the server\'s SQLite connection', async () => {
        const cacheKib = async (overrides: { sqliteCacheMb?: number }) => {
            const { app } = await adminApp(overrides);
            // Named cacheSize by the camel-case plugin.
            const { rows } = await sql<{ cacheSize: number }>`pragma cache_size`.execute(app.db);
            return rows[0].cacheSize;
        };
        expect(loadConfig({}).sqliteCacheMb).toBe(64);
        expect(await cacheKib({ sqliteCacheMb: 64 })).toBe(-65_536);
        expect(await cacheKib({ sqliteCacheMb: 16 })).toBe(-16_384);
        expect(() => loadConfig({ SQLITE_CACHE_MB: 'lots' })).toThrow('SQLITE_CACHE_MB must be a whole number from 0');
    });
});
