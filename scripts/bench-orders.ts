// Times the order list over 1,000,000 orders: `npm run bench:orders` (also run by `npm run bench`).
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL is a postgres:// URL (a schema of its own, dropped after).
// BENCH_ORDERS and BENCH_RUNS vary the size. A measuring script, not a test. The issue's bar: a customer-name
// search page answers within 3× the time of a plain first page, through an index (FTS5 trigram / pg_trgm), and the
// dashboard's numbers come from indexes (the partial index of orders waiting to be packed, created_at ranges).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { dropSchema } from '../server/db/createDb';
import { inMs, nowIso } from '../server/infra/time';
import { newToken, sha256 } from '../server/infra/secrets';
import { ROLE } from '../schema/access';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL;

const FIRST = ['Aarav', 'Aditi', 'Amit', 'Ananya', 'Arjun', 'Asha', 'Deepa', 'Divya', 'Farhan', 'Gaurav', 'Harini', 'Ishaan', 'Kavya', 'Kiran', 'Lakshmi', 'Manoj', 'Meera', 'Mohammed', 'Neha', 'Nikhil', 'Pooja', 'Pradeep', 'Priya', 'Rahul', 'Rajesh', 'Ravi', 'Rohan', 'Sanjay', 'Shreya', 'Sneha', 'Suresh', 'Tanvi', 'Uma', 'Varun', 'Vikram', 'Yash', 'Zoya', 'Anil', 'Bhavna', 'Chitra'];
const LAST = ['Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Rao', 'Gupta', 'Kumar', 'Singh', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Kulkarni', 'Desai', 'Pillai', 'Menon', 'Chatterjee', 'Banerjee', 'Mukherjee', 'Das', 'Bose', 'Ghosh', 'Khan', 'Ahmed', 'Siddiqui', 'Fernandes', "D'Souza", 'Raghunathan', 'Subramanian', 'Krishnan', 'Venkatesh', 'Naidu', 'Chauhan', 'Yadav', 'Mishra', 'Tiwari', 'Pandey', 'Agarwal', 'Jain'];

const SHAPES: Array<[label: string, url: string]> = [
    ['plain first page (30, newest first)', '/api/orderr?page=1&perPage=30'],
    ['search by surname q=raghunathan', '/api/orderr?page=1&perPage=30&q=raghunathan'],
    ['search by full name q=meera iyer', '/api/orderr?page=1&perPage=30&q=meera%20iyer'],
    ['search, page 5', '/api/orderr?page=5&perPage=30&q=sharma'],
    ['status filter (packed)', '/api/orderr?page=1&perPage=30&status=packed'],
    ['waiting to be packed', '/api/orderr?page=1&perPage=30&toPack=1'],
    ['sort by total DESC', '/api/orderr?page=1&perPage=30&sort=totalPrice&order=DESC'],
    ['date range (one week)', '/api/orderr?page=1&perPage=30&createdFrom=2025-06-01&createdTo=2025-06-07'],
    ['dashboard stats', '/api/dashboard/stats'],
];

const results: Record<string, Record<string, number>> = {};
const ONLY = process.env.BENCH_ONLY; // 'sqlite' or 'postgres' to time one of them
if (ONLY !== 'postgres') await bench('SQLite', {});
// Filling a million rows is one long statement: more than the API's statement timeout allows.
if (PG_URL && ONLY !== 'sqlite') await bench('PostgreSQL', { databaseUrl: PG_URL, databaseSchema: `bench_${randomBytes(5).toString('hex')}`, dbStatementTimeoutMs: 900_000 });
else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to run it too)');

console.log('\nSearch page ÷ plain first page (the bar is 3×):');
for (const [db, times] of Object.entries(results)) {
    const plain = times[SHAPES[0][0]];
    const ratios = SHAPES.slice(1, 3).map(([label]) => `${label.replace('search by ', '')}: ${(times[label] / plain).toFixed(2)}×`);
    console.log(`  ${db.padEnd(11)} ${ratios.join(', ')}`);
}
console.log('\nDashboard (GET /dashboard/stats) and orders waiting to be packed, medians:');
for (const [db, times] of Object.entries(results)) {
    console.log(`  ${db.padEnd(11)} dashboard ${times['dashboard stats'].toFixed(1)} ms, waiting to be packed ${times['waiting to be packed'].toFixed(1)} ms`);
}

async function bench(name: string, overrides: { databaseUrl?: string; databaseSchema?: string; dbStatementTimeoutMs?: number }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { appDir: path.join(dataDir, 'no-app'), ...overrides }), false);
    try {
        const headers = { authorization: `Bearer ${await adminToken(app)}` };
        const started = performance.now();
        await fillOrders(app);
        console.log(`\n${name}: ${ORDERS.toLocaleString('en-IN')} orders by ${(FIRST.length * LAST.length).toLocaleString('en-IN')} customers inserted in ${Math.round(performance.now() - started)} ms; median of ${RUNS} runs`);
        console.log(`${'query shape'.padEnd(40)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'rows'.padStart(5)} ${'matches'.padStart(9)}`);
        results[name] = {};
        for (const [label, url] of SHAPES) {
            const times: number[] = [];
            let rows = 0;
            let total = '';
            for (let i = 0; i < RUNS + 3; i++) {
                const start = performance.now();
                const res = await app.inject({ method: 'GET', url, headers });
                const elapsed = performance.now() - start;
                if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
                if (i >= 3) times.push(elapsed); // the first calls warm caches and the JIT
                rows = res.json().orders?.length ?? res.json().days?.length ?? 0;
                total = String(res.headers['x-total-count'] ?? '');
            }
            times.sort((a, b) => a - b);
            const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
            results[name][label] = at(0.5);
            console.log(`${label.padEnd(40)} ${`${at(0.5).toFixed(1)} ms`.padStart(9)} ${`${at(0.95).toFixed(1)} ms`.padStart(9)} ${String(rows).padStart(5)} ${total.padStart(9)}`);
        }
    } finally {
        if (overrides.databaseSchema) await dropSchema(app.db, overrides.databaseSchema);
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
    }
}

async function adminToken(app: FastifyInstance): Promise<string> {
    const now = nowIso();
    const user = await app.db.insertInto('users').values({ name: 'Bench', email: 'bench@shop.test', roleId: ROLE.admin, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
    const token = newToken();
    await app.db.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(3_600_000), createdAt: now }).execute();
    return token;
}

/**
 * 1,600 customers (40 first names × 40 surnames), then the orders in one INSERT … SELECT over a generated series
 * (the database makes the rows, so the figure is the index work, not the driver's): two years of orders, one a
 * minute or so, every status and both payment methods, one line each.
 */
async function fillOrders(app: FastifyInstance) {
    const now = nowIso();
    const customers = FIRST.flatMap((first, i) =>
        LAST.map((last, j) => ({ name: `${first} ${last}`, email: `c${i}-${j}@bench.test`, roleId: ROLE.customer, createdAt: now, updatedAt: now })),
    );
    for (let i = 0; i < customers.length; i += 500) await app.db.insertInto('users').values(customers.slice(i, i + 500)).execute();
    const { first } = await app.db.selectFrom('users').select((eb) => eb.fn.min('id').as('first')).where('roleId', '=', ROLE.customer).executeTakeFirstOrThrow();
    const people = customers.length;
    const pg = app.dbKind === 'postgres';
    const series = pg ? sql`generate_series(1, ${ORDERS}) as g(n)` : sql`g`;
    const prelude = pg ? sql`` : sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${ORDERS}) `;
    const createdAt = pg
        ? sql`to_char(timestamp '2024-11-22 00:00:00' + n * interval '63 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-22', '+' || (n * 63) || ' seconds')`;
    const subtotal = sql`(10000 + ((n % 99000) * 7919) % 99000)`;
    await sql`${prelude}insert into orders (customer_id, customer_name, customer_email, pincode, address, payment_method, status, subtotal, tax_total, delivery_charge, discount, total_price, coupon_code, paid_at, payment_reference, created_at, updated_at)
        select u.id, u.name, u.email, '560034', null,
            case when n % 5 < 3 then 'cod' else 'online' end,
            case n % 7 when 0 then 'placed' when 1 then 'packed' when 2 then 'out_for_delivery' when 3 then 'cancelled' when 4 then 'delivered' when 5 then 'delivered' else 'delivered' end,
            ${subtotal}, ${subtotal} * 500 / 10500, 2500, 0, ${subtotal} + 2500, null, null, null, ${createdAt}, ${createdAt}
        from ${series} join users u on u.id = ${first} + (n * 7) % ${people}`.execute(app.db);
    await sql`insert into order_lines (order_id, product_id, name, unit_price, quantity, gst_percent, line_total, tax)
        select id, null, 'Basmati Rice 5 kg', subtotal, 1000, 500, subtotal, tax_total from orders`.execute(app.db);
    // As after any bulk load: PostgreSQL's vacuum also folds the GIN index's pending list in, as autovacuum does
    // for a shop's orders arriving one by one; SQLite only needs its statistics.
    await (pg ? sql`vacuum analyze` : sql`analyze`).execute(app.db);
}
