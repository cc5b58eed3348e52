// Sellers read who a user is and their role, not how to reach them; administrators read all.
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
    it('lists names and roles without e-mail, phone, address or pincode', async () => {
        const { t, seller } = await shop();
        for (const url of ['/api/users', '/api/users?page=1&perPage=10', '/api/users?sort=["name","ASC"]&range=[0,9]']) {
            const res = await get(t, url, seller);
            expect(res.statusCode, url).toBe(200);
            const ravi = res.json().find((user: { name: string }) => user.name === customer.name);
            expect(ravi, url).toMatchObject({ name: customer.name, role: 'Customer', roleId: ROLE.customer, status: 1 });
            for (const field of CONTACT) expect(ravi, `${url} ${field}`).not.toHaveProperty(field);
            expect(res.body, url).not.toContain(customer.email);
            expect(res.body, url).not.toContain(customer.contact_no);
        }
        const id = (await get(t, '/api/users', seller)).json().find((user: { name: string }) => user.name === customer.name).id;
        const one = await get(t, `/api/users/${id}`, seller);
        expect(one.json()).toMatchObject({ id, name: customer.name, role: 'Customer' });
        for (const field of CONTACT) expect(one.json()).not.toHaveProperty(field);
    });

    it('cannot find a user by e-mail, nor learn an address from the order of a sort by e-mail (ids in order, not e-mails: aaa-seller, admin, ravi would be 3, 1, 2)', async () => {
        const { t, seller } = await shop();
        const byEmail = await get(t, `/api/users?page=1&perPage=10&q=${encodeURIComponent(customer.email)}`, seller);
        expect(byEmail.json()).toEqual([]);
        const byName = await get(t, '/api/users?page=1&perPage=10&q=ravi', seller);
        expect(byName.json()).toHaveLength(1);
        const sorted = await get(t, '/api/users?page=1&perPage=10&sort=email&order=ASC', seller);
        expect(sorted.json().map((user: { id: number }) => user.id)).toEqual([1, 2, 3]);
    });

    it('an administrator still reads every field and searches by e-mail', async () => {
        const { t, admin } = await shop();
        const res = await get(t, `/api/users?page=1&perPage=10&q=${encodeURIComponent(customer.email)}`, admin);
        expect(res.json()).toEqual([expect.objectContaining({ name: customer.name, email: customer.email, contactNo: customer.contact_no, pincode: customer.pincode })]);
    });
});
