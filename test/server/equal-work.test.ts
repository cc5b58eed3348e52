// Forgot-password, registration and the sign-in code request run the same SQL statements,
// in the same order, for a registered address as for an unregistered one, so their time tells nothing. The
// times themselves are measured by `npm run bench:timing`, never asserted here. Both databases.
import type { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, register } from './people';
import { makeApp, type TestApp } from './helpers';

afterEach(() => {
    vi.restoreAllMocks();
});

/**
 * The SQL text of every statement a request runs, through any executor (a transaction's too: they share
 * the prototype). The mail and webhook queues' workers claim and settle their rows on a timer of their own, the
 * mail's reading the shop's trading name (the sender's name) as it delivers, and a claim may fall during a
 * request: only the queues' inserts belong to a request. A claim holds the queues' advisory lock (21) on PostgreSQL.
 */
const workerOnly = (text: string) =>
    (/mail_queue|webhook_deliveries/.test(text) && !/^insert/i.test(text)) ||
    /^select pg_advisory_xact_lock\(21,/.test(text) ||
    text === 'select * from settings where status = 1 order by id desc limit 1';
async function statementsOf(t: TestApp, request: () => Promise<{ statusCode: number }>) {
    const executorBase = Object.getPrototypeOf(Object.getPrototypeOf(t.app.db.getExecutor())) as {
        executeQuery: (query: CompiledQuery) => Promise<unknown>;
    };
    const spy = vi.spyOn(executorBase, 'executeQuery');
    try {
        const { statusCode } = await request();
        const sql = spy.mock.calls.map(([query]) => query.sql).filter((text) => !workerOnly(text));
        return { statusCode, sql };
    } finally {
        spy.mockRestore();
    }
}

/** The app with a registered, active customer, and nothing left running from its start. */
async function ready() {
    const t = await makeApp();
    await register(t.app);
    await t.app.mailer.flush();
    return t;
}

const post = (t: TestApp, url: string, payload: object) => () => t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.0.0.1' });

describe('known and unknown addresses do the same work', () => {
    it('on forgot-password', async () => {
        const t = await ready();
        const known = await statementsOf(t, post(t, '/api/forgot-password', { email: customer.email }));
        const unknown = await statementsOf(t, post(t, '/api/forgot-password', { email: 'nobody@example.in' }));
        expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
        expect(known.sql.length).toBeGreaterThan(2);
        expect(unknown.sql).toEqual(known.sql);
    });

    it('on registration, a taken address answering as a new one', async () => {
        const t = await ready();
        const taken = await statementsOf(t, post(t, '/api/user_register', { ...customer, contact_no: '9876500000' }));
        const fresh = await statementsOf(t, post(t, '/api/user_register', { ...customer, email: 'new@example.in' }));
        expect([taken.statusCode, fresh.statusCode]).toEqual([201, 201]);
        expect(taken.sql.length).toBeGreaterThan(1);
        expect(fresh.sql).toEqual(taken.sql);
    });

    it('on the sign-in code request', async () => {
        const t = await ready();
        const known = await statementsOf(t, post(t, '/api/user_login', { email: customer.email }));
        const unknown = await statementsOf(t, post(t, '/api/user_login', { email: 'nobody@example.in' }));
        expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
        expect(known.sql.length).toBeGreaterThan(2);
        expect(unknown.sql).toEqual(known.sql);
    });
});
