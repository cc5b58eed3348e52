// Not run again on PostgreSQL: roles over contact fields; its data sorts alike in every collation.
// Staff — administrators and sellers alike — read users' contact details (sellers take phone orders and deliver);
// customers read no one's but their own.
import { describe, expect, it } from 'vitest';
import { makeApp, signIn, type TestApp } from './helpers';
import { customer, member, register } from './people';
import { ROLE } from '../../schema/access';

const CONTACT = ['email', 'contactNo', 'address', 'pincode'];
const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

async function shop() {
    const t = await makeApp();
    const admin = await signIn(t);
    await register(t.app);
    const seller = await member(t, 'aaa-seller@shop.test', ROLE.seller, 'Sunita Seller');
    return { t, admin, seller: seller.headers };
}

describe('users as a seller reads them', () => {
    it('lists names, roles and contact details, as the orders a seller delivers carry them', async () => {
        const { t, seller } = await shop();
        for (const url of ['/api/users', '/api/users?page=1&perPage=10', '/api/users?sort=["name","ASC"]&range=[0,9]']) {
            const res = await get(t, url, seller);
            expect(res.statusCode, url).toBe(200);
            const ravi = res.json().find((user: { name: string }) => user.name === customer.name);
            expect(ravi, url).toMatchObject({ name: customer.name, role: 'Customer', roleId: ROLE.customer, status: 1, email: customer.email, contactNo: customer.contact_no });
            for (const field of CONTACT) expect(ravi, `${url} ${field}`).toHaveProperty(field);
        }
        const id = (await get(t, '/api/users', seller)).json().find((user: { name: string }) => user.name === customer.name).id;
        const one = await get(t, `/api/users/${id}`, seller);
        expect(one.json()).toMatchObject({ id, name: customer.name, role: 'Customer', email: customer.email, address: customer.address, pincode: customer.pincode });
    });

    it('finds a caller by e-mail and sorts by it, as an administrator does', async () => {
        const { t, seller } = await shop();
        const byEmail = await get(t, `/api/users?page=1&perPage=10&q=${encodeURIComponent(customer.email)}`, seller);
        expect(byEmail.json()).toEqual([expect.objectContaining({ name: customer.name })]);
        const sorted = await get(t, '/api/users?page=1&perPage=10&sort=email&order=ASC', seller);
        expect(sorted.json().map((user: { email: string }) => user.email)).toEqual(['aaa-seller@shop.test', 'admin@shop.test', customer.email]);
    });

    it('an administrator reads every field and searches by e-mail', async () => {
        const { t, admin } = await shop();
        const res = await get(t, `/api/users?page=1&perPage=10&q=${encodeURIComponent(customer.email)}`, admin);
        expect(res.json()).toEqual([expect.objectContaining({ name: customer.name, email: customer.email, contactNo: customer.contact_no, pincode: customer.pincode })]);
    });

    it('a customer reads no one: the user list is for staff', async () => {
        const { t } = await shop();
        const ravi = await signIn(t, customer.email);
        for (const url of ['/api/users', '/api/v1/users']) expect((await get(t, url, ravi)).statusCode, url).toBe(403);
    });
});
