// Times GET /api/products over a large catalogue: `npm run bench` (BENCH_PRODUCTS, BENCH_RUNS to vary).
// A measuring script, not a test: it builds the real app on a throwaway SQLite data dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { inMs, nowIso } from '../server/lib/time';
import { newToken, sha256 } from '../server/lib/secrets';
import { ROLE } from '../server/plugins/auth';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH = 500;

const WORDS = ['Basmati', 'Sona Masoori', 'Toor', 'Moong', 'Chana', 'Atta', 'Besan', 'Groundnut', 'Mustard', 'Assam', 'Filter', 'Masala', 'Organic', 'Premium', 'Classic'];
const KINDS = ['Rice', 'Dal', 'Flour', 'Oil', 'Tea', 'Coffee', 'Namkeen', 'Biscuits', 'Ghee', 'Paneer', 'Apples', 'Bananas', 'Soap', 'Toothpaste'];

const SHAPES: Array<[label: string, url: string, runs?: number]> = [
    ['first page of 100 (legacy page size)', '/api/products?page=1&perPage=100'],
    ['deep page (page 150 of 100)', '/api/products?page=150&perPage=100'],
    ['search q=rice', '/api/products?q=rice&page=1&perPage=100'],
    ['filter categoryId + status', '/api/products?categoryId=3&status=1&page=1&perPage=100'],
    ['sort by price DESC', '/api/products?sort=price&order=DESC&page=1&perPage=100'],
    ['filter subcategoryId, sort by name', '/api/products?subcategoryId=7&sort=name&order=ASC&page=1&perPage=100'],
    ['search + filter + sort by price', '/api/products?q=organic&categoryId=2&sort=price&order=ASC&page=2&perPage=25'],
    ['bare list: every row (legacy)', '/api/products', Math.max(3, Math.round(RUNS / 20))],
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { appDir: path.join(dataDir, 'no-app') }), false);

try {
    const headers = { authorization: `Bearer ${await adminToken()}` };
    const started = performance.now();
    await fillCatalogue();
    console.log(`Inserted ${PRODUCTS.toLocaleString('en-IN')} products (with galleries) in ${Math.round(performance.now() - started)} ms; ${RUNS} runs per shape\n`);

    console.log(`${'query shape'.padEnd(40)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'rows'.padStart(7)} ${'total'.padStart(7)}`);
    for (const [label, url, runs = RUNS] of SHAPES) {
        const times: number[] = [];
        let rows = 0;
        let total = '';
        for (let i = 0; i < runs + 3; i++) {
            const start = performance.now();
            const res = await app.inject({ method: 'GET', url, headers });
            const elapsed = performance.now() - start;
            if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
            if (i >= 3) times.push(elapsed); // the first calls warm caches and the JIT
            rows = res.json().length;
            total = String(res.headers['x-total-count']);
        }
        times.sort((a, b) => a - b);
        const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
        console.log(`${label.padEnd(40)} ${`${at(0.5)} ms`.padStart(9)} ${`${at(0.95)} ms`.padStart(9)} ${String(rows).padStart(7)} ${total.padStart(7)}`);
    }
} finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
}

async function adminToken(): Promise<string> {
    const now = nowIso();
    const user = await app.db
        .insertInto('users')
        .values({ name: 'Bench', email: 'bench@shop.test', roleId: ROLE.admin, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const token = newToken();
    await app.db.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(3_600_000), createdAt: now }).execute();
    return token;
}

/** 10 categories × 5 subcategories, 20 attributes, 4 GST rates, then the products and 0-3 gallery images each. */
async function fillCatalogue() {
    const now = nowIso();
    const stamp = { status: 1, createdAt: now, updatedAt: now };
    await app.db.transaction().execute(async (trx) => {
        const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
        await trx.insertInto('categories').values(range(10).map((i) => ({ name: `Category ${i}`, description: `Aisle ${i}`, ...stamp }))).execute();
        await trx
            .insertInto('subcategories')
            .values(range(50).map((i) => ({ categoryId: Math.ceil(i / 5), name: `Subcategory ${i}`, ...stamp })))
            .execute();
        await trx.insertInto('attributes').values(range(20).map((i) => ({ name: 'Weight', value: `${i * 50} g`, ...stamp }))).execute();
        await trx
            .insertInto('gstRates')
            .values([0, 500, 1200, 1800].map((percent) => ({ type: 'IGST' as const, description: `${percent / 100}%`, percent, ...stamp })))
            .execute();

        for (let first = 1; first <= PRODUCTS; first += BATCH) {
            const ids = range(Math.min(BATCH, PRODUCTS - first + 1)).map((i) => first + i - 1);
            await trx
                .insertInto('products')
                .values(
                    ids.map((n) => {
                        const subcategoryId = (n % 50) + 1;
                        const name = `${WORDS[n % WORDS.length]} ${KINDS[(n * 5) % KINDS.length]} ${n}`;
                        return {
                            name,
                            description: `${name}, packed fresh`,
                            categoryId: Math.ceil(subcategoryId / 5),
                            subcategoryId,
                            attributeId: (n % 20) + 1,
                            gstId: (n % 4) + 1,
                            price: 1000 + ((n * 7919) % 99_000),
                            image: `/uploads/product-${n}.png`,
                            status: n % 10 === 0 ? 0 : 1,
                            createdBy: null,
                            createdAt: now,
                            updatedAt: now,
                        };
                    }),
                )
                .execute();
            const images = ids.flatMap((n) => range(n % 4).map((position) => ({ productId: n, image: `/uploads/gallery-${n}-${position}.png`, position })));
            if (images.length) await trx.insertInto('productImages').values(images).execute();
        }
    });
}
