// Not run again on PostgreSQL: plain inserts; the demo is seeded there in record-json, orders and many-instances.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../../server/seed/demo';
import { makeApp, signIn } from './helpers';
import { uploads } from './catalogue';

const TABLES = ['categories', 'subcategories', 'attributes', 'gstRates', 'products', 'productImages', 'productAttributes', 'pincodes'] as const;

async function counts(app: FastifyInstance) {
    const entries = await Promise.all(
        TABLES.map(async (table) => {
            const { n } = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
            return [table, Number(n)] as const;
        }),
    );
    return Object.fromEntries(entries);
}

// The whole demo shop (200 orders walked through their steps, with their invoices) takes 15–25 s on a busy PostgreSQL.
describe('demo seed', { timeout: 60_000 }, () => {
    it('fills every catalogue table of a fresh database', async () => {
        const { app } = await makeApp();
        await seedDemo(app);
        const filled = await counts(app);
        for (const table of TABLES) expect(filled[table], table).toBeGreaterThan(0);
        expect(filled.products).toBeGreaterThanOrEqual(20);
        // Each product's set of attributes holds its one attribute, as a product saved through the API has it.
        const sets = await app.db.selectFrom('products').leftJoin('productAttributes', 'productAttributes.productId', 'products.id').select(['products.attributeId', 'productAttributes.attributeId as inSet']).execute();
        expect(sets.filter((row) => row.inSet !== row.attributeId)).toEqual([]);
    });

    it('adds nothing when run again', async () => {
        const { app, config } = await makeApp();
        await seedDemo(app);
        const [rows, files] = [await counts(app), uploads(config.dataDir)];
        await seedDemo(app);
        expect(await counts(app)).toEqual(rows);
        expect(uploads(config.dataDir)).toEqual(files);
    });

    it('gives categories and products pictures that are served as PNG uploads', async () => {
        const t = await makeApp();
        await seedDemo(t.app);
        const headers = await signIn(t);
        const [category] = (await t.app.inject({ method: 'GET', url: '/api/categories?perPage=1', headers })).json();
        const [product] = (await t.app.inject({ method: 'GET', url: '/api/products?q=apples', headers })).json();
        for (const path of [category.image, product.image, ...product.images]) {
            const image = await t.app.inject({ method: 'GET', url: path });
            expect(image.headers['content-type'], path).toBe('image/png');
        }
        expect(product.images.length).toBeGreaterThan(0);
    });

    it('answers seeded prices and GST rates exactly as written', async () => {
        const t = await makeApp();
        await seedDemo(t.app);
        const headers = await signIn(t);
        const [atta] = (await t.app.inject({ method: 'GET', url: '/api/products?q=atta', headers })).json();
        expect(atta).toMatchObject({ name: 'Whole Wheat Atta 5 kg', price: 285, categoryName: 'Staples', subcategoryName: 'Atta & Flours' });
        const rates = (await t.app.inject({ method: 'GET', url: '/api/gst?type=IGST&sort=percent', headers })).json();
        expect(rates.map((r: { percent: number }) => r.percent)).toEqual([0, 0.25, 3, 5, 18, 40]);
    });
});
