import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { DEFAULT_MAX } from '../../schema/fields';
import { checkOf } from '../../schema/checks';
import { registry } from '../../schema/registry';
import { describe as described } from '../../server/engine/describe';
import { snakeCase } from '../../server/db/sqlName';
import { seedDemo } from '../../server/seed/demo';
import { databaseUrl, makeApp, signIn } from './helpers';

// A list page's records are written as JSON by the database (server/engine/recordJson.ts); a bare list still
// serializes its records as objects with the route's serializer. Both must give the same bytes for every entity,
// whatever its rows hold: every character JSON escapes, text in other scripts, empty values, amounts of every shape.

const CONTROL = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
    // PostgreSQL's text cannot hold NUL.
    .slice(databaseUrl ? 1 : 0)
    .join('');
const AWKWARD = `Quote " back \\ slash / ₹ ünï देवनागरी 😀 \u007f\u2028\u2029 ${CONTROL}`;
/** Integer units of every shape an amount takes: whole, one and two decimals, tiny, large. */
const UNITS = [0, 5, 50, 100, 12_050, 99_999, 1_000_000_000, 1_234_567_890_123];
const all = registry(entities);

/** The awkward text, marked with `mark` (unique columns stay unique) and cut to what the column holds (a named check's length, a GSTIN's 15, included). */
const awkwardText = (mark: number, field: (typeof entities)[number]['fields'][string]) =>
    [...`${mark} ${AWKWARD}`].slice(0, field.max ?? checkOf(field)?.max ?? DEFAULT_MAX[field.type] ?? 255).join('');

type Db = Awaited<ReturnType<typeof makeApp>>['app']['db'];

const DAYS = ['2000-01-01', '2999-12-31', '2026-01-01'];

/** Rows for an entity the demo leaves empty, each field filled as its type asks. */
async function fill(db: Db, name: string) {
    const entity = all.entity(name);
    const table = snakeCase(entity.table);
    for (let i = 0; i < 9; i++) {
        const now = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
        const row: Record<string, unknown> = { status: i % 2, created_at: now, updated_at: now };
        for (const [field, spec] of Object.entries(entity.fields)) {
            if (spec.ignored || spec.keeps || spec.type === 'gallery') continue;
            const value = await valueOf(db, spec, i);
            if (value !== undefined) row[snakeCase(field)] = value;
        }
        if (entity.window) {
            row[snakeCase(entity.window.from)] = DAYS[i % 3] === '2999-12-31' ? '2999-01-01' : DAYS[i % 3];
            row[snakeCase(entity.window.to)] = DAYS[i % 3] === '2000-01-01' ? '2000-12-31' : '2999-12-31';
        }
        const columns = Object.keys(row);
        // A rule of the table (one active settings row) refuses some: the list still has the others.
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values (${sql.join(columns.map((column) => row[column]))})`.execute(db).catch(() => undefined);
    }
}

async function valueOf(db: Db, field: (typeof entities)[number]['fields'][string], i: number): Promise<unknown> {
    switch (field.type) {
        case 'money':
        case 'percent':
            return UNITS[i % UNITS.length];
        case 'integer':
            return field.min ?? i;
        case 'boolean':
            return i % 2;
        case 'enum':
            return field.choices![i % field.choices!.length];
        case 'date':
            return DAYS[i % 3];
        case 'image':
            return i % 2 ? null : `/uploads/picture-${i}.png`;
        case 'reference': {
            const target = snakeCase(all.target(field).table);
            return (await sql<{ id: number }>`select min(id) as id from ${sql.table(target)}`.execute(db)).rows[0].id;
        }
        default:
            return awkwardText(i, field);
    }
}

/** Gives the entity's rows awkward values where the database lets it; answers how many landed. */
async function awkward(db: Db, name: string): Promise<number> {
    const entity = all.entity(name);
    const { textFields, decimals, booleans } = described(entity, all);
    const table = snakeCase(entity.table);
    const ids = (await sql<{ id: number }>`select id from ${sql.table(table)} order by id`.execute(db)).rows.map((row) => Number(row.id));
    let landed = 0;
    for (const [i, id] of ids.entries()) {
        const values: Array<[string, unknown]> = [
            ...textFields.filter((field) => entity.fields[field].type !== 'date').map((field): [string, unknown] => [field, i % 3 === 1 ? null : awkwardText(id, entity.fields[field])]),
            ...Object.keys(decimals).map((field): [string, unknown] => [field, i % 9 === 8 ? null : UNITS[i % UNITS.length]]),
            ...booleans.map((field): [string, unknown] => [field, [0, 1, null][i % 3]]),
        ];
        for (const [field, value] of values) {
            // A column that may not be empty, a rule of the table (a check, a unique index): left as it was.
            const landedHere = await db.transaction().execute(async (trx) =>
                sql`update ${sql.table(table)} set ${sql.ref(snakeCase(field))} = ${value} where id = ${id}`.execute(trx).then(() => 1, () => 0),
            ).catch(() => 0);
            landed += landedHere;
        }
    }
    return landed;
}

describe('a list page written as JSON by the database', () => {
    it('is byte for byte what the serializer writes of the same records, for every entity, both dialects', async () => {
        const t = await makeApp();
        await seedDemo(t.app);
        const headers = await signIn(t);
        const get = async (url: string) => {
            const res = await t.app.inject({ url, headers });
            expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
            return res.body;
        };
        // A gallery with pictures with and without alt text, in an order other than their ids'.
        const product = await t.app.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
        await t.app.db.deleteFrom('productImages').where('productId', '=', product.id).execute();
        await t.app.db
            .insertInto('productImages')
            .values([2, 0, 1].map((position) => ({ productId: product.id, image: `/uploads/g-${position}.png`, position, alt: position === 1 ? null : `${AWKWARD} ${position}` })))
            .execute();

        let landed = 0;
        for (const entity of entities) {
            const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(snakeCase(entity.table))}`.execute(t.app.db);
            if (!Number(count.rows[0].n)) await fill(t.app.db, entity.name);
            landed += await awkward(t.app.db, entity.name);
        }
        expect(landed).toBeGreaterThan(100);

        for (const entity of entities) {
            const list = `/api${entity.paths.list}`;
            const v1 = `/api/v1/${entity.name}`;
            const whole = await get(list);
            const records = JSON.parse(whole) as unknown[] | Record<string, unknown[]>;
            expect(Array.isArray(records) ? records : records[entity.envelope!], entity.name).not.toHaveLength(0);
            expect(await get(`${list}?page=1&perPage=1000`), `${entity.name}, legacy dialect`).toBe(whole);
            expect(await get(`${v1}?range=${encodeURIComponent('[0,999]')}`), `${entity.name}, stock dialect`).toBe(await get(v1));
        }
        const products = JSON.parse(await get(`/api/v1/products?range=${encodeURIComponent('[0,999]')}`)) as Array<Record<string, unknown>>;
        const pictured = products.find((record) => record.id === product.id)!;
        expect(pictured.images).toEqual(['/uploads/g-0.png', '/uploads/g-1.png', '/uploads/g-2.png']);
        expect(pictured.imagesAlt).toEqual([`${AWKWARD} 0`, '', `${AWKWARD} 2`]);
        expect(products.map((record) => record.price)).toEqual(expect.arrayContaining([0, 0.05, 0.5, 1, 120.5, 999.99]));
        const coupons = JSON.parse(await get(`/api/v1/coupons?range=${encodeURIComponent('[0,999]')}`)) as Array<Record<string, unknown>>;
        expect(new Set(coupons.map((coupon) => coupon.state))).toEqual(new Set(['scheduled', 'active', 'expired']));
        // Every entity filled, made awkward a field at a time and read in both dialects: 5-14 s here, past 20 s on a
        // loaded CI machine.
    }, 90_000);
});
