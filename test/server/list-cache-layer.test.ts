import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { keptOrderCounts } from '../../server/engine/list/cache/keptOrders';
import { recordReads } from '../../server/engine/list/cache/keptRecords';
import { seekCounts } from '../../server/engine/list/cache/seekPages';
import { apples } from './catalogue';
import { form } from './helpers';
import { manyProducts, PER_PAGE, ROWS, SORTS } from './manyProducts';

// The cache layer (server/engine/list/cache/) is a layer: the same lists read through it and through the plain
// reader (LIST_CACHE=off) on the same database give the same bytes and totals, before and after writes of every
// kind, whatever the cache kept in between.

const others: FastifyInstance[] = [];
afterEach(async () => {
    while (others.length) await others.pop()!.close();
});

const stock = (filter: object, first: number, sort: [string, string]) =>
    `/api/products?sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(`[${first},${first + PER_PAGE - 1}]`)}&filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The lists compared: pages of every sort both ways, deep pages, filters, a search, ids, both dialects, v1 and a bare list. */
const QUERIES = [
    ...SORTS.flatMap((sort) => ['ASC', 'DESC'].flatMap((order) => [1, 7, 23].map((page) => `/api/products?page=${page}&perPage=${PER_PAGE}&sort=${sort}&order=${order}`))),
    ...SORTS.map((sort) => stock({}, ROWS - 40, [sort, 'DESC'])),
    stock({ categoryId: 1 }, 0, ['price', 'ASC']),
    stock({ categoryId: 2, status: 1 }, 300, ['stock', 'DESC']),
    stock({ status: 0 }, 100, ['name', 'ASC']),
    stock({ q: 'product 01' }, 0, ['name', 'ASC']),
    stock({ id: [3, 5, 700, 1200] }, 0, ['id', 'ASC']),
    `/api/products?page=2&perPage=50&categoryId=1&sort=createdAt&order=DESC`,
    `/api/products?page=1&perPage=20&q=${encodeURIComponent('product 1')}`,
    `/api/v1/products?sort=${encodeURIComponent('["price","ASC"]')}&range=${encodeURIComponent('[500,549]')}`,
    `/api/v1/products?filter=${encodeURIComponent('{"subcategoryId":2}')}&range=${encodeURIComponent('[0,24]')}`,
    `/api/products?categoryId=2&sort=name`,
];

describe('the list cache layer', () => {
    it('answers exactly what the plain reader answers, before and after writes, on the same database', async () => {
        const cached = await manyProducts({ listCache: true, listKeptRows: 2_000 });
        const plain = await buildApp({ ...cached.config, listCache: false }, false);
        others.push(plain);
        expect([cached.app.config.listCache, plain.config.listCache]).toEqual([true, false]);
        const { headers } = cached;
        const [served, sought, keptRecords] = [keptOrderCounts.served, seekCounts.sought, recordReads.kept];

        const compare = async (when: string) => {
            for (const url of QUERIES) {
                // Twice through the cache: the second answer is the kept one where the layer keeps it.
                const first = await cached.call('GET', url);
                const kept = await cached.call('GET', url);
                const read = await plain.inject({ method: 'GET', url, headers });
                expect(read.statusCode, `${when} ${url}: ${read.body}`).toBe(200);
                for (const answer of [first, kept]) {
                    expect(answer.body, `${when} ${url}`).toBe(read.body);
                    expect(answer.headers['x-total-count'], `${when} ${url}`).toBe(read.headers['x-total-count']);
                    expect(answer.headers['content-range'], `${when} ${url}`).toBe(read.headers['content-range']);
                }
            }
        };

        await compare('at rest');
        // Read the deep pages a few times more: the layer keeps whole orders and boundaries once they have cost enough.
        for (let round = 0; round < 3; round++) for (const url of QUERIES) await cached.call('GET', url);
        await compare('with orders kept');

        const { app, call } = cached;
        expect((await call('POST', '/api/products/10', form({ price: '12.50', stock: '' }))).statusCode).toBe(200);
        expect((await call('POST', '/api/products/11', form({ name: 'AAA First by name', categoryId: '2', subcategoryId: '2' }))).statusCode).toBe(200);
        expect((await call('POST', '/api/products/toggleProductStatus/12', { newStatus: 0 })).statusCode).toBe(200);
        expect((await call('POST', '/api/products', form({ ...apples, name: 'Product 0100 new', stock: '45' }))).statusCode).toBe(201);
        expect((await call('DELETE', '/api/products/13')).statusCode).toBe(200);
        // A writer the server does not see: straight in the database.
        await app.db.updateTable('products').set({ price: 100 }).where('id', '=', 700).execute();
        await compare('after writes');

        // A write through the plain server: the cached one sees it too (the versions are in the database).
        const moved = await plain.inject({ method: 'POST', url: '/api/products/14', headers, payload: form({ price: '1.00' }) });
        expect(moved.statusCode, moved.body).toBe(200);
        await compare('after a write by another server');
        // The layer was at work: pages from orders in memory or sought from boundaries, records kept by version.
        expect(keptOrderCounts.served - served + seekCounts.sought - sought).toBeGreaterThan(0);
        expect(recordReads.kept).toBeGreaterThan(keptRecords);
    }, 300_000);
});
