import type { Generated, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as activityInRupees from '../../server/db/migrations/2026-11-29-1600-activity-in-rupees';
import { ROLE } from '../../schema/access';
import { adminApp, apples, catalogueBasics } from './catalogue';
import { createUser, lastCode, makeApp, signIn } from './helpers';

type Line = { action: string; entity: string; record: number; userEmail: string; ip: string; changes: Record<string, unknown> | null };
const changes = (line: Line) => line.changes ?? {};

describe('the activity log', () => {
    it('records every staff change: who, when, from where, which record and the fields before and after', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        await call('POST', '/api/products', apples);
        await call('POST', '/api/products/1', { price: '199.50' });
        await call('POST', '/api/products/toggleProductStatus/1', { newStatus: 0 });
        await call('POST', '/api/attribute/bulk', { ids: [1], action: 'deactivate' });
        await call('DELETE', '/api/products/1');

        const log: Line[] = (await call('GET', '/api/activity?entity=products&sort=id&order=ASC')).json();
        expect(log.map((line) => line.action)).toEqual(['create', 'update', 'toggle', 'delete']);
        expect(log.every((line) => line.userEmail === 'admin@shop.test' && line.record === 1 && line.ip)).toBe(true);
        // An object, with amounts in rupees as the product answers them.
        expect(log.every((line) => line.changes !== null && typeof line.changes === 'object')).toBe(true);
        expect(changes(log[0])).toMatchObject({ name: { after: 'Shimla Apples 1 kg' }, price: { after: 189 } });
        expect(changes(log[1])).toEqual({ price: { before: 189, after: 199.5 } });
        expect(changes(log[2])).toEqual({ status: { before: 1, after: 0 } });
        expect(changes(log[3])).toMatchObject({ name: { before: 'Shimla Apples 1 kg' } });

        const bulk: Line[] = (await call('GET', '/api/activity?action=bulk-deactivate')).json();
        expect(bulk).toEqual([expect.objectContaining({ entity: 'attribute', record: 1 })]);
        // Newest first by default, and filtered by day.
        const today = new Date().toISOString().slice(0, 10);
        const all: Line[] = (await call('GET', `/api/activity?from=${today}&to=${today}`)).json();
        expect(all[0].action).toBe('delete');
        expect((await call('GET', '/api/activity?from=2001-01-01&to=2001-01-02')).json()).toEqual([]);
        expect((await call('GET', '/api/activity?from=yesterday')).statusCode).toBe(400);
    });

    it('answers changes as an object in rupees on every read: legacy and v1, list and record', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        await call('POST', '/api/products', apples);
        await call('POST', '/api/products/1', { price: '79', mrp: '99.5' });
        await call('POST', '/api/gst/1', { percent: '12.5' });
        const change = { price: { before: 189, after: 79 }, mrp: { before: null, after: 99.5 } };
        const [line] = (await call('GET', '/api/activity?entity=products&action=update')).json() as Array<Line & { id: number }>;
        expect(line.changes).toEqual(change);
        expect((await call('GET', `/api/activity/${line.id}`)).json().changes).toEqual(change);
        expect((await call('GET', `/api/v1/activity/${line.id}`)).json().changes).toEqual(change);
        const v1 = (await call('GET', `/api/v1/activity?filter=${encodeURIComponent(JSON.stringify({ entity: 'products', action: 'update' }))}`)).json();
        expect(v1.map((one: Line) => one.changes)).toEqual([change]);
        const gst = (await call('GET', '/api/v1/activity?filter={"entity":"gst","action":"update"}')).json()[0];
        expect(gst.changes.percent.after).toBe(12.5);
        // A line with no changes (a sign-in) answers null, not an empty text.
        const signIns = (await call('GET', '/api/v1/activity?filter={"action":"sign-in"}')).json();
        expect(signIns.length).toBeGreaterThan(0);
        expect(signIns.every((one: Line) => one.changes === null)).toBe(true);
    });

    it('turns the lines written in paise before into rupees, once, and back on the way down', async () => {
        const { app } = await adminApp();
        const old = { price: { before: 7800, after: 7900 }, name: { before: 'Apples', after: 'Red apples' } };
        const now = new Date().toISOString();
        const log = app.db as unknown as Kysely<{ audit_log: { id: Generated<number>; entity: string; action: string; changes: string | null; status: number; created_at: string; updated_at: string } }>;
        const line = async (entity: string) =>
            (await log.insertInto('audit_log').values({ entity, action: 'update', changes: JSON.stringify(old), status: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
        const [product, category] = [await line('products'), await line('categories')];
        const read = async (id: number) => JSON.parse((await log.selectFrom('audit_log').select('changes').where('id', '=', id).executeTakeFirstOrThrow()).changes!);
        await activityInRupees.up(app.db as never);
        expect(await read(product)).toEqual({ price: { before: 78, after: 79 }, name: old.name });
        // Categories have no amounts: their line is as it was.
        expect(await read(category)).toEqual(old);
        await activityInRupees.down(app.db as never);
        expect(await read(product)).toEqual(old);
    });

    it('records nothing for a change that was refused', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        await call('POST', '/api/products', apples);
        expect((await call('POST', '/api/products', apples)).statusCode).toBe(409);
        expect((await call('GET', '/api/activity?entity=products')).json()).toHaveLength(1);
    });

    it('cannot be changed or deleted through the API (405 with Allow: GET), and is for administrators', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        for (const [method, url] of [
            ['POST', '/api/activity'],
            ['POST', '/api/activity/1'],
            ['PUT', '/api/activity/1'],
            ['PATCH', '/api/activity/1'],
            ['DELETE', '/api/activity/1'],
        ] as const) {
            const res = await t.app.inject({ method, url, headers: t.headers, payload: {} });
            expect(res.statusCode, `${method} ${url}`).toBe(405);
            expect(res.headers.allow).toBe('GET');
            expect(res.json().message).toBe('Activities are read-only: the server writes them as changes happen');
        }
        expect((await t.call('GET', '/api/activity/1')).statusCode).toBe(200);
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        expect((await t.app.inject({ url: '/api/activity', headers: seller })).statusCode).toBe(403);
    });
});

describe('the activity log of people', () => {
    it('records role changes and disabled accounts', async () => {
        const t = await adminApp();
        await signIn(t, 'seller@shop.test', ROLE.seller);
        const seller = await t.app.db.selectFrom('users').select('id').where('email', '=', 'seller@shop.test').executeTakeFirstOrThrow();
        expect((await t.call('POST', `/api/users/${seller.id}/role`, { roleId: ROLE.customer })).statusCode).toBe(200);
        expect((await t.call('POST', `/api/users/${seller.id}/toggle-status`, { status: 0 })).statusCode).toBe(200);
        const log: Line[] = (await t.call('GET', '/api/activity?entity=users&sort=id&order=ASC')).json();
        expect(log.filter((line) => !line.action.startsWith('sign')).map((line) => [line.action, line.record, changes(line)])).toEqual([
            ['role', seller.id, { roleId: { before: ROLE.seller, after: ROLE.customer } }],
            ['account', seller.id, { status: { before: 1, after: 0 } }],
        ]);
    });
});

describe('the activity log of signing in', () => {
    it('records sign-in, sign-out and a burst of wrong codes', async () => {
        const t = await adminApp();
        await createUser(t.app, 'ravi@shop.test', ROLE.seller);
        await t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'ravi@shop.test' } });
        const right = await lastCode(t.config, 'ravi@shop.test');
        const wrong = right === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i++) await t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email: 'ravi@shop.test', otp: wrong } });
        const seller = await signIn(t, 'ravi@shop.test', ROLE.seller);
        await t.app.inject({ method: 'POST', url: '/api/userlogout', headers: seller });

        const log: Line[] = (await t.call('GET', '/api/activity?entity=users&sort=id&order=ASC')).json();
        const ravi = log.filter((line) => line.userEmail === 'ravi@shop.test').map((line) => line.action);
        expect(ravi).toEqual(['code-burst', 'sign-in', 'sign-out']);
    });
});

describe('guessing a sign-in code', () => {
    it('is refused for the right code after 50 wrong guesses sent at once', async () => {
        const t = await makeApp();
        await createUser(t.app, 'meera@shop.test', ROLE.admin);
        await t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'meera@shop.test' } });
        const right = await lastCode(t.config, 'meera@shop.test');
        const wrong = (n: number) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, '0');
        const guesses = await Promise.all(
            Array.from({ length: 50 }, (_, n) => t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email: 'meera@shop.test', otp: wrong(n) } })),
        );
        expect(guesses.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
        const late = await t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email: 'meera@shop.test', otp: right } });
        expect(late.statusCode).toBe(401);
        expect(late.json().token).toBeUndefined();
        const { attempts } = await t.app.db.selectFrom('loginCodes').select('attempts').where('email', '=', 'meera@shop.test').executeTakeFirstOrThrow();
        expect(attempts).toBe(5);
    });
});
