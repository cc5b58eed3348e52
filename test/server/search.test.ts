import { describe, expect, it } from 'vitest';
import { apples } from './catalogue';
import { orderShop, placed, type OrderShop } from './orderShop';

const search = (call: OrderShop['admin'], q: string) => call('GET', `/api/search?q=${encodeURIComponent(q)}`);
const labels = (hits: Array<{ label: string }> | undefined) => (hits ?? []).map((hit) => hit.label);

describe('GET /search (the command palette)', () => {
    it('finds products, categories and subcategories by the words of their lists, case-insensitively', async () => {
        const shop = await orderShop();
        const body = (await search(shop.admin, 'fre')).json();
        expect(labels(body.categories)).toEqual(['Fruits & Vegetables']); // by its description, "Fresh produce"
        expect(body.subcategories).toEqual([{ id: 1, label: 'Fresh Fruits', detail: 'Fruits & Vegetables' }]);

        const found = (await search(shop.admin, 'SHIMLA')).json();
        expect(labels(found.products)).toEqual(['Shimla Apples 1 kg']);
        expect(found.products[0].id).toBe(1);
        expect(labels((await search(shop.admin, 'gh')).json().products)).toEqual(['Desi Ghee 1 L']); // two letters: no trigram, still found
        expect((await search(shop.admin, 'Old St')).json().products).toEqual([{ id: 4, label: 'Old Stock', detail: 'inactive' }]);
    });

    it('finds orders by number and by customer name, e-mail or phone, newest first, and users', async () => {
        const shop = await orderShop();
        const first = await placed(shop.asha);
        const second = await placed(shop.ravi);
        await shop.app.db.updateTable('users').set({ contactNo: '9876543210' }).where('email', '=', 'ravi@shop.test').execute();

        expect((await search(shop.admin, `#${second.id}`)).json().orders).toEqual([{ id: second.id, label: `#${second.id} Ravi Kumar`, detail: 'placed' }]);
        expect((await search(shop.admin, String(first.id).padStart(2, '0'))).json().orders.map((o: { id: number }) => o.id)).toEqual([first.id]);
        expect(labels((await search(shop.admin, 'sharma')).json().orders)).toEqual([`#${first.id} Asha Sharma`]);
        expect(labels((await search(shop.admin, 'ravi@shop')).json().orders)).toEqual([`#${second.id} Ravi Kumar`]);
        expect(labels((await search(shop.admin, '98765 43210')).json().orders)).toEqual([`#${second.id} Ravi Kumar`]);

        const people = (await search(shop.admin, 'asha')).json().users;
        expect(people).toEqual([{ id: expect.any(Number), label: 'Asha Sharma', detail: 'asha@shop.test · Customer' }]);
        expect(labels((await search(shop.admin, 'seller@')).json().users)).toEqual(['Sunil Seller']);
    });

    it('keeps to five of each kind, those starting with the words first', async () => {
        const shop = await orderShop();
        for (let i = 1; i <= 8; i++) await shop.admin('POST', '/api/products', { ...apples, name: `Green Tea ${i}` });
        await shop.admin('POST', '/api/products', { ...apples, name: 'Assam Tea' });
        await shop.admin('POST', '/api/products', { ...apples, name: 'Tea Dust' });
        const found = labels((await search(shop.admin, 'tea')).json().products);
        expect(found).toHaveLength(5);
        expect(found[0]).toBe('Tea Dust');
    });

    it('takes % and _ as the characters they are', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products', { ...apples, name: '50% Off Pack' });
        await shop.admin('POST', '/api/products', { ...apples, name: 'Snack_Box' });
        await shop.admin('POST', '/api/products', { ...apples, name: 'Snacks Box' });
        expect(labels((await search(shop.admin, '0%')).json().products)).toEqual(['50% Off Pack']);
        expect(labels((await search(shop.admin, '%%')).json().products)).toEqual([]);
        expect(labels((await search(shop.admin, 'k_b')).json().products)).toEqual(['Snack_Box']);
        expect(labels((await search(shop.admin, '__')).json().products)).toEqual([]);
        const body = (await search(shop.admin, '%_')).json();
        expect(Object.values(body).flat()).toEqual([]);
    });

    it('finds only what the role may list: sellers find users and orders by e-mail and phone as administrators do, customers are refused, visitors asked to sign in', async () => {
        const shop = await orderShop();
        const order = await placed(shop.ravi);
        await shop.app.db.updateTable('users').set({ contactNo: '9876543210' }).where('email', '=', 'ravi@shop.test').execute();

        const seller = (await search(shop.seller, 'ravi')).json();
        expect(Object.keys(seller).sort()).toEqual(['categories', 'orders', 'products', 'subcategories', 'users']);
        expect(seller.users).toEqual([{ id: expect.any(Number), label: 'Ravi Kumar', detail: 'ravi@shop.test · Customer' }]);
        expect(labels((await search(shop.seller, 'ravi@shop')).json().users)).toEqual(['Ravi Kumar']);
        expect(labels((await search(shop.seller, '9876543210')).json().orders)).toEqual([`#${order.id} Ravi Kumar`]);
        expect(labels((await search(shop.seller, `#${order.id}`)).json().orders)).toEqual([`#${order.id} Ravi Kumar`]);

        const refused = await search(shop.ravi, 'ravi');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('Your account may not do this');
        expect((await search(shop.anonymous, 'ravi')).statusCode).toBe(401);
    });

    it('answers bad input with a clear 400, never a 500', async () => {
        const shop = await orderShop();
        for (const url of ['/api/search', '/api/search?q=', '/api/search?q=a', '/api/search?q=%20%20x%20', `/api/search?q=${"a".repeat(101)}`]) {
            const res = await shop.admin('GET', url);
            expect(res.statusCode, url).toBe(400);
            expect(res.json().message, url).toMatch(/Please type|characters|URL/i);
        }
        expect((await shop.admin('GET', '/api/search?q=a')).json().message).toBe('Please type at least 2 characters to search');
        expect((await shop.admin('GET', `/api/search?q=${'a'.repeat(101)}`)).json().message).toBe('Please type between 2 and 100 characters to search');
        for (const q of ['"quoted"', "it's", 'a"b', '\\\\', 'NEAR(a b)', 'x*', '١٢٣', 'घी', 'inv/26-27/000001', '##', '#999999999999']) {
            const res = await search(shop.admin, q);
            expect(res.statusCode, q).toBe(200);
        }
        expect((await shop.admin('GET', '/api/search?q[]=ab')).statusCode).toBe(400);
        expect((await shop.admin('GET', '/api/search?q=ghee%00')).json().products).toEqual([{ id: 2, label: 'Desi Ghee 1 L' }]); // a NUL is dropped
        expect((await shop.admin('GET', '/api/search?q=%00%00%00')).statusCode).toBe(400);
    });
});
