import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { introspect } from '../../server/db/introspect';
import { tablesOf } from '../../server/db/schemaTables';
import { snakeCase } from '../../server/db/sqlName';
import { makeApp } from './helpers';
import { databaseShapes, databaseTypeShapes, typeDrift, type TableShapes } from './tableTypes';

/**
 * Tables the app's `Database` type leaves out on purpose: the migrator's own, the rate limiter's (typed beside it,
 * server/infra/limits/dbCounter.ts), the row versions' (read by table name, server/db/rowVersions.ts), PostgreSQL's
 * dictionary of order names (read in SQL, server/features/orders/listOrders.ts), and the shadow tables SQLite keeps
 * for each FTS5 text index.
 */
const OUTSIDE = (table: string) =>
    ['kysely_migration', 'kysely_migration_lock', 'rate_limits', 'row_versions', 'order_customer_names'].includes(table) ||
    /_search_(data|idx|docsize|config|content)$/.test(table);

const types = databaseTypeShapes();

describe('the Kysely table types (server/db/tables.ts)', () => {
    it('hold every table and column the migrations make, as text or number alike, and nothing more', async () => {
        const { app } = await makeApp();
        const tables = databaseShapes(await introspect(app.db as Kysely<unknown>));
        expect(typeDrift(types, tables, OUTSIDE)).toEqual([]);
    });

    it('give every entity exactly the columns its schema asks the migrations for', () => {
        const drift = tablesOf(entities).flatMap((spec) => {
            const typed = [...(types.get(spec.table)?.keys() ?? [])].sort();
            const asked = spec.columns.map((column) => column.name).sort();
            return typed.join() === asked.join() ? [] : [`${spec.table}: the type has ${typed.join(', ')}; the schema asks for ${asked.join(', ')}`];
        });
        expect(drift).toEqual([]);
    });

    it("give every set of references (a referenceMany field's own table) its two columns, from the schema alone", () => {
        const sets = tablesOf(entities).flatMap((spec) => spec.sets);
        expect(sets.map((set) => set.table)).toContain('productAttributes');
        for (const set of sets) {
            const typed = [...(types.get(snakeCase(set.table))?.entries() ?? [])].sort();
            expect(typed, set.table).toEqual([[snakeCase(set.key), 'number'], [snakeCase(set.ref), 'number']].sort());
        }
    });

    it('are found out when a migration adds a column the types lack, or the types name one no migration made', () => {
        const orders = new Map(types.get('orders'));
        const tables: TableShapes = new Map([...types, ['orders', new Map([...orders, ['supplier_id', 'number']])]]);
        tables.set('users', new Map([...types.get('users')!].filter(([column]) => column !== 'pincode')));
        tables.set('suppliers', new Map([['id', 'number']]));
        expect(typeDrift(types, tables, OUTSIDE)).toEqual([
            'server/db/tables.ts has no column orders.supplier_id',
            'server/db/tables.ts has no table suppliers',
            'the database has no column users.pincode (server/db/tables.ts has)',
        ]);
    });
});
