import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { ORDER_SORTS } from '../../server/features/orders/listOrders';
import { basket, orderShop, placed, type OrderShop } from './orderShop';

// Every /api/v1 list, orders and people included, sorts by updatedAt both ways and keeps the rows changed
// between two times (updatedAt_gte, updatedAt_lte); a sort or filter it does not take is a 400 naming those it does.

const LISTS = [...entities.map((entity) => entity.name), 'users', 'customers', 'contacts', 'videos', 'orders'];
const PAST = '2001-01-01T00:00:00Z';
const FUTURE = '2999-01-01T00:00:00Z';

const v1 = (shop: OrderShop, path: string) => shop.admin('GET', `/api/v1/${path}`);
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const total = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-total-count']);

describe('changed-since on every /api/v1 list', { timeout: 120_000 }, () => {
    it('sorts every list by updatedAt both ways and keeps the rows changed between two times', async () => {
        const shop = await orderShop();
        await placed(shop.asha);
        await placed(shop.ravi, { ...basket, items: [{ productId: 1, quantity: 1 }] });
        await shop.anonymous('POST', '/api/contact', { name: 'Asha', email: 'asha@shop.test', message: 'Do you deliver on Sundays?' });
        for (const name of LISTS) {
            const all = await v1(shop, `${name}?range=[0,999]`);
            expect(all.statusCode, `${name}: ${all.body}`).toBe(200);
            const up = await v1(shop, `${name}?sort=${q(['updatedAt', 'ASC'])}&range=[0,999]`);
            const down = await v1(shop, `${name}?sort=${q(['updatedAt', 'DESC'])}&range=[0,999]`);
            expect(up.statusCode, `${name} by updatedAt: ${up.body}`).toBe(200);
            const ids = (res: typeof up) => (res.json() as Array<{ id: number }>).map((row) => row.id);
            expect(ids(down), name).toEqual(ids(up).reverse());
            const times = (up.json() as Array<{ updatedAt?: string }>).map((row) => row.updatedAt);
            expect(times.every((time) => typeof time === 'string'), `${name} answers updatedAt`).toBe(true);
            expect([...times].sort(), name).toEqual(times);

            const between = await v1(shop, `${name}?filter=${q({ updatedAt_gte: PAST, updatedAt_lte: FUTURE })}&range=[0,999]`);
            expect(total(between), name).toBe(total(all));
            expect(total(await v1(shop, `${name}?filter=${q({ updatedAt_gte: FUTURE })}`)), name).toBe(0);
            expect(total(await v1(shop, `${name}?updatedAt_lte=${PAST}`)), name).toBe(0);
            if (times.length) {
                // Both bounds include their time: the newest row's own updatedAt keeps it, and only the rows as new.
                const newest = times.at(-1)!;
                const since = await v1(shop, `${name}?filter=${q({ updatedAt_gte: newest })}&range=[0,999]`);
                expect(total(since), name).toBe(times.filter((time) => time === newest).length);
                const until = await v1(shop, `${name}?filter=${q({ updatedAt_lte: times[0] })}&range=[0,999]`);
                expect(total(until), name).toBe(times.filter((time) => time === times[0]).length);
            }
            const bad = await v1(shop, `${name}?updatedAt_lte=yesterday`);
            expect(bad.statusCode, name).toBe(400);
            expect(bad.json().message, name).toBe('Please give updatedAt_lte as an ISO time, such as 2026-11-29T07:00:00Z');
        }
    });

    it('refuses a sort or a filter a list does not take, naming those it does, on every list', async () => {
        const shop = await orderShop();
        for (const name of [...LISTS, 'roles']) {
            const sort = await v1(shop, `${name}?sort=${q(['nope', 'ASC'])}`);
            expect(sort.statusCode, name).toBe(400);
            expect(sort.json().message, `${name}: ${sort.body}`).toMatch(/sort(s|ed)? by:? (id|\w+), /);
            expect(sort.json().message, name).toContain('id');
            const filter = await v1(shop, `${name}?filter=${q({ nope: 1 })}`);
            expect(filter.statusCode, `${name}: ${filter.body}`).toBe(400);
            expect(filter.json().message, name).toMatch(/nope.*(filters by|takes)/);
        }
    });
});

describe('the order lists', { timeout: 120_000 }, () => {
    it('sort by every column of the order row, both ways, at /api/v1/orders and the legacy list', async () => {
        const shop = await orderShop();
        for (const who of [shop.asha, shop.ravi, shop.asha]) await placed(who);
        await shop.admin('POST', '/api/orderr/2/status', { status: 'cancelled' });
        for (const sort of ORDER_SORTS) {
            const up = await v1(shop, `orders?sort=${q([sort, 'ASC'])}&range=[0,99]`);
            const down = await v1(shop, `orders?sort=${q([sort, 'DESC'])}&range=[0,99]`);
            expect(up.statusCode, `${sort}: ${up.body}`).toBe(200);
            const ids = (res: typeof up) => (res.json() as Array<{ id: number }>).map((row) => row.id);
            expect(ids(down), sort).toEqual(ids(up).reverse());
            const legacy = await shop.admin('GET', `/api/orderr?sort=${sort}&order=DESC&page=1&perPage=10`);
            expect(legacy.statusCode, `${sort}: ${legacy.body}`).toBe(200);
            expect(legacy.json().orders.map((row: { id: number }) => row.id), sort).toEqual(ids(down));
        }
        // The cancelled order changed last: it comes first by updatedAt descending, and alone since its change.
        const changed = (await v1(shop, `orders?sort=${q(['updatedAt', 'DESC'])}&range=[0,0]`)).json()[0];
        expect(changed.id).toBe(2);
        const since = await v1(shop, `orders?filter=${q({ updatedAt_gte: changed.updatedAt })}`);
        expect(since.json().map((row: { id: number }) => row.id)).toEqual([2]);
    });

    it('walk by the Link header, every order once, while orders are placed and changed', async () => {
        const shop = await orderShop();
        for (let i = 0; i < 7; i++) await placed(i % 2 ? shop.asha : shop.ravi, { ...basket, items: [{ productId: 1, quantity: 1 }] });
        const seen: number[] = [];
        let url: string | undefined = `/api/v1/orders?sort=${q(['id', 'ASC'])}&range=[0,1]`;
        let pages = 0;
        while (url) {
            const res = await shop.admin('GET', url);
            expect(res.statusCode, res.body).toBe(200);
            seen.push(...(res.json() as Array<{ id: number }>).map((row) => row.id));
            url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
            if (url && pages++ === 1) {
                // An order cancelled before the cursor and one placed after it: neither shifts the walk.
                await shop.admin('POST', '/api/orderr/1/status', { status: 'cancelled' });
                await placed(shop.asha, { ...basket, items: [{ productId: 1, quantity: 1 }] });
            }
        }
        expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        const bad = await v1(shop, `orders?sort=${q(['totalPrice', 'ASC'])}&range=[0,1]&after=abc`);
        expect(bad.statusCode).toBe(400);
    });
});
