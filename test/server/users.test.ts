import { describe, expect, it } from 'vitest';
import { createUser, makeApp, signIn, type TestApp } from './helpers';
import { customer, member, register, signInAgain } from './people';
import { ROLE } from '../../schema/access';

const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (t: TestApp, url: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

async function manyUsers(t: TestApp, count: number) {
    for (let i = 1; i <= count; i++) {
        const n = String(i).padStart(2, '0');
        await createUser(t.app, `shopper${n}@mail.test`, ROLE.customer, `Shopper ${n}`);
    }
}

describe('GET /users', () => {
    it('answers every user bare (legacy), with the total, the role name and no secret', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        await register(t.app);
        const res = await get(t, '/api/users', admin);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe('2');
        const users = res.json();
        expect(users).toHaveLength(2);
        expect(users[1]).toMatchObject({ name: 'Ravi Kumar', email: 'ravi@example.in', contactNo: '9876543210', roleId: 3, role: 'Customer', status: 1 });
        expect(Object.keys(users[1]).sort()).toEqual(
            ['address', 'businessName', 'contactNo', 'createdAt', 'email', 'gstin', 'id', 'name', 'pincode', 'role', 'roleId', 'status', 'updatedAt'].sort(),
        );
        expect(res.body).not.toMatch(/scrypt|password|hash|token/i);
        const one = await get(t, `/api/users/${users[1].id}`, admin);
        expect(one.json()).toEqual(users[1]);
        expect(one.body).not.toMatch(/scrypt|password|hash/i);
    });

    it('pages 30 at a time, sorts, searches name or e-mail and filters by role in SQL', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        await manyUsers(t, 35);
        const seller = await createUser(t.app, 'seller@shop.test', ROLE.seller, 'Sunita Seller');
        await t.app.db.updateTable('users').set({ createdAt: '2099-01-01T00:00:00.000Z' }).where('id', '=', seller.id).execute();

        const page2 = await get(t, '/api/users?page=2&perPage=30&sort=name&order=ASC', admin);
        expect(page2.headers['x-total-count']).toBe('37');
        expect(page2.json().map((u: { name: string }) => u.name)).toEqual(['Shopper 31', 'Shopper 32', 'Shopper 33', 'Shopper 34', 'Shopper 35', 'Sunita Seller', 'Test User']);

        const byName = await get(t, '/api/users?q=SHOPPER 1&sort=name', admin);
        expect(byName.headers['x-total-count']).toBe('10');
        const byEmail = await get(t, '/api/users?q=seller@shop', admin);
        expect(byEmail.json().map((u: { email: string }) => u.email)).toEqual(['seller@shop.test']);
        const sellers = await get(t, '/api/users?roleId=2&page=1&perPage=30', admin);
        expect(sellers.json()).toHaveLength(1);
        expect(sellers.json()[0]).toMatchObject({ role: 'Seller' });
        const newest = await get(t, '/api/users?sort=createdAt&order=DESC&perPage=1', admin);
        expect(newest.json()[0].email).toBe('seller@shop.test');
        // A search for the LIKE wildcard matches only itself.
        expect((await get(t, '/api/users?q=%25', admin)).headers['x-total-count']).toBe('0');
    });

    it('answers the stock react-admin dialect with Content-Range', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        await manyUsers(t, 5);
        const res = await get(t, `/api/users?${new URLSearchParams({ range: '[0,1]', sort: '["name","DESC"]', filter: '{"q":"shopper"}' })}`, admin);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-range']).toBe('items 0-1/5');
        expect(res.json().map((u: { name: string }) => u.name)).toEqual(['Shopper 05', 'Shopper 04']);
    });

    it('refuses bad list parameters with 400', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        for (const query of ['sort=passwordHash', 'perPage=0', 'roleId=abc', 'page=-1']) {
            const res = await get(t, `/api/users?${query}`, admin);
            expect(res.statusCode, query).toBe(400);
        }
        expect((await get(t, '/api/users/999999', admin)).statusCode).toBe(404);
    });

    it('lets staff look but not customers', async () => {
        const t = await makeApp();
        const seller = await member(t, 'seller@shop.test', ROLE.seller);
        const shopper = await member(t, 'customer@shop.test', ROLE.customer);
        expect((await get(t, '/api/users', seller.headers)).statusCode).toBe(200);
        expect((await get(t, '/api/users', shopper.headers)).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    });
});

describe('roles and accounts', () => {
    it('lets an administrator make a customer a seller, who can then work as staff', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const shopper = await member(t, 'later-seller@shop.test', ROLE.customer);
        expect((await get(t, '/api/users', shopper.headers)).statusCode).toBe(403);

        const res = await post(t, `/api/users/${shopper.id}/role`, admin, { roleId: ROLE.seller });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: 'Role changed to Seller', data: { id: shopper.id, roleId: 2, role: 'Seller' } });
        // A promotion keeps the session: the new role applies to it at once.
        expect((await get(t, '/api/users', shopper.headers)).statusCode).toBe(200);
    });

    it('ends the sessions of a demoted user at once', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const seller = await member(t, 'demoted@shop.test', ROLE.seller);
        const second = await signInAgain(t, 'demoted@shop.test');
        const res = await post(t, `/api/users/${seller.id}/role`, admin, { roleId: ROLE.customer });
        expect(res.json().data.role).toBe('Customer');
        for (const headers of [seller.headers, second]) expect((await get(t, '/api/me', headers)).statusCode).toBe(401);
    });

    it('disables an account, ending its sessions; re-enabled, it can sign in again but old tokens stay dead', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const seller = await member(t, 'off@shop.test', ROLE.seller);
        const off = await post(t, `/api/users/${seller.id}/toggle-status`, admin, { status: 0 });
        expect(off.json()).toMatchObject({ message: 'User disabled', data: { status: 0 } });
        expect((await get(t, '/api/me', seller.headers)).statusCode).toBe(401);
        // While disabled, signing in again gets no code, so no session.
        await expect(signInAgain(t, 'off@shop.test')).rejects.toThrow();

        const on = await post(t, `/api/users/${seller.id}/toggle-status`, admin, { status: 1 });
        expect(on.json()).toMatchObject({ message: 'User enabled', data: { status: 1 } });
        expect((await get(t, '/api/me', seller.headers)).statusCode).toBe(401);
        expect((await get(t, '/api/me', await signInAgain(t, 'off@shop.test'))).statusCode).toBe(200);
    });

    it('keeps role changes for administrators: a seller gets 403 and changes nothing', async () => {
        const t = await makeApp();
        await signIn(t);
        const seller = await member(t, 'seller@shop.test', ROLE.seller);
        const shopper = await createUser(t.app, 'c@shop.test', ROLE.customer);
        for (const [url, body] of [
            [`/api/users/${shopper.id}/role`, { roleId: ROLE.admin }],
            [`/api/users/${seller.id}/role`, { roleId: ROLE.admin }],
            [`/api/users/${shopper.id}/toggle-status`, { status: 0 }],
        ] as const) {
            const res = await post(t, url, seller.headers, body);
            expect(res.statusCode, url).toBe(403);
        }
        const rows = await t.app.db.selectFrom('users').select(['email', 'roleId', 'status']).orderBy('id').execute();
        expect(rows.slice(1)).toEqual([
            { email: 'seller@shop.test', roleId: ROLE.seller, status: 1 },
            { email: 'c@shop.test', roleId: ROLE.customer, status: 1 },
        ]);
    });

    it('never demotes or disables the last active administrator, nor lets anyone demote or disable themselves', async () => {
        const t = await makeApp();
        const only = await member(t, 'only@shop.test', ROLE.admin);
        const last = 'The shop needs at least one active administrator, so this one cannot be demoted or disabled';
        expect((await post(t, `/api/users/${only.id}/role`, only.headers, { roleId: ROLE.seller })).json()).toMatchObject({ success: false, message: last });
        expect((await post(t, `/api/users/${only.id}/toggle-status`, only.headers, { status: 0 })).json().message).toBe(last);

        const other = await member(t, 'other@shop.test', ROLE.admin);
        const self = await post(t, `/api/users/${only.id}/role`, only.headers, { roleId: ROLE.customer });
        expect(self.statusCode).toBe(409);
        expect(self.json().message).toBe('You cannot change your own role');
        expect((await post(t, `/api/users/${only.id}/toggle-status`, only.headers, { status: 0 })).json().message).toBe('You cannot disable your own account');

        // A disabled administrator does not count: the one left active cannot be demoted.
        const third = await createUser(t.app, 'third@shop.test', ROLE.admin);
        expect((await post(t, `/api/users/${third.id}/toggle-status`, only.headers, { status: 0 })).statusCode).toBe(200);
        expect((await post(t, `/api/users/${other.id}/role`, only.headers, { roleId: ROLE.seller })).statusCode).toBe(200);
        expect((await get(t, '/api/me', other.headers)).statusCode).toBe(401);
        const admins = await t.app.db.selectFrom('users').select('email').where('roleId', '=', ROLE.admin).where('status', '=', 1).execute();
        expect(admins).toEqual([{ email: 'only@shop.test' }]);
    });

    it('leaves an administrator when two demote each other at the same moment', async () => {
        const t = await makeApp();
        const a = await member(t, 'a@shop.test', ROLE.admin);
        const b = await member(t, 'b@shop.test', ROLE.admin);
        const [one, two] = await Promise.all([
            post(t, `/api/users/${b.id}/role`, a.headers, { roleId: ROLE.customer }),
            post(t, `/api/users/${a.id}/role`, b.headers, { roleId: ROLE.customer }),
        ]);
        // The loser is refused: 403 when it got past sign-in before the winner's demotion ended its session, else 401.
        const [won, lost] = [one.statusCode, two.statusCode].sort();
        expect(won).toBe(200);
        expect([401, 403]).toContain(lost);
        const admins = await t.app.db.selectFrom('users').select('id').where('roleId', '=', ROLE.admin).execute();
        expect(admins).toHaveLength(1);
    });

    it('refuses an unknown role, status or user with a clear message', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const shopper = await createUser(t.app, 'c@shop.test', ROLE.customer);
        const role = await post(t, `/api/users/${shopper.id}/role`, admin, { roleId: 7 });
        expect(role.statusCode).toBe(400);
        expect(role.json().message).toBe('Please choose a role: 1 Admin, 2 Seller or 3 Customer');
        expect((await post(t, `/api/users/${shopper.id}/role`, admin, {})).json().message).toBe('Please choose a role: 1 Admin, 2 Seller or 3 Customer');
        expect((await post(t, `/api/users/${shopper.id}/toggle-status`, admin, { status: 2 })).json().message).toBe('Status must be 1 (active) or 0 (disabled)');
        expect((await post(t, '/api/users/424242/role', admin, { roleId: 2 })).statusCode).toBe(404);
        expect((await post(t, '/api/users/99999999999/role', admin, { roleId: 2 })).statusCode).toBe(400);
    });
});

describe('registration never grants a role', () => {
    it('is rate-limited per client', async () => {
        const t = await makeApp({ authRateLimit: 2 });
        const codes = [];
        for (let i = 0; i < 3; i++) {
            const res = await t.app.inject({ method: 'POST', url: '/api/user_register', payload: { ...customer, email: `r${i}@example.in` } });
            codes.push(res.statusCode);
        }
        expect(codes).toEqual([201, 201, 429]);
    });

    it('ignores roleId and role in the body and makes a customer', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        await register(t.app, { ...customer, roleId: 1, role: 'Admin', status: 0 });
        const user = await t.app.db.selectFrom('users').select(['roleId', 'status']).where('email', '=', customer.email).executeTakeFirstOrThrow();
        expect(user).toEqual({ roleId: ROLE.customer, status: 1 });
        expect((await get(t, '/api/users', await signIn(t, customer.email, ROLE.customer))).statusCode).toBe(403);
        const listed = (await get(t, '/api/users?q=ravi', admin)).json();
        expect(listed[0].role).toBe('Customer');
    });
});
