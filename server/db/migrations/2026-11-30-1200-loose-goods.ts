import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Loose goods: a product is counted by the piece (NOS), the kilogram (KGS) or the litre (LTR), bought in steps of
// `step` and at least `minimum`. Every quantity is kept in thousandths of its unit from now on (schema/measure.ts):
// a product's stock, an order line's quantity and what it took from the shelf, a credit note line's quantity; the
// pieces counted before are multiplied by 1000, so 3 pieces are 3000 and the API still answers 3. An order line
// keeps the unit it was sold in. Its quantity may now be up to 100 kg (100000), not 100. Frozen once committed.

const UNIT_CHECK = sql`check (unit in ('NOS', 'KGS', 'LTR'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('products').addColumn('unit', 'varchar(3)', (c) => c.notNull().defaultTo('NOS').modifyEnd(UNIT_CHECK)).execute();
    await db.schema.alterTable('products').addColumn('step', 'integer', (c) => c.check(sql`step > 0`)).execute();
    await db.schema.alterTable('products').addColumn('minimum', 'integer', (c) => c.check(sql`minimum > 0`)).execute();
    await db.schema.alterTable('order_lines').addColumn('unit', 'varchar(3)', (c) => c.notNull().defaultTo('NOS').modifyEnd(UNIT_CHECK)).execute();
    await setQuantityCheck(db, 100, 100_000);
    await scale(db, '*');
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await scale(db, '/');
    await setQuantityCheck(db, 100_000, 100);
    await db.schema.alterTable('order_lines').dropColumn('unit').execute();
    for (const column of ['minimum', 'step', 'unit']) await db.schema.alterTable('products').dropColumn(column).execute();
}

async function scale(db: Kysely<unknown>, by: '*' | '/'): Promise<void> {
    const op = sql.raw(by);
    await sql`update products set stock = stock ${op} 1000 where stock is not null`.execute(db);
    await sql`update order_lines set quantity = quantity ${op} 1000, stock_taken = stock_taken ${op} 1000`.execute(db);
    await sql`update credit_note_lines set quantity = quantity ${op} 1000`.execute(db);
}

async function setQuantityCheck(db: Kysely<unknown>, from: number, to: number): Promise<void> {
    if (isPostgres(db)) {
        await sql`alter table order_lines drop constraint order_lines_quantity_check`.execute(db);
        await sql`alter table order_lines add constraint order_lines_quantity_check check (quantity between 1 and ${sql.lit(to)})`.execute(db);
        return;
    }
    const before = `check (quantity between 1 and ${from})`;
    await rebuildSqlite(db, 'order_lines', (create) => {
        if (!create.includes(before)) throw new Error(`order_lines.quantity has no "${before}" as this migration expects`);
        return create.replace(before, `check (quantity between 1 and ${to})`);
    });
}

/**
 * SQLite cannot change a column's check: the table is made again from its own CREATE text, changed, filled with the
 * same rows (ids, and the next id, kept) and given the old name; its indexes and triggers are made again as they were.
 * Foreign keys are off meanwhile, so dropping the old table deletes nothing by cascade; they are checked before they
 * are on again. Migrations run outside a transaction on SQLite, which the pragma needs.
 */
async function rebuildSqlite(db: Kysely<unknown>, table: string, change: (create: string) => string): Promise<void> {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
        await db.transaction().execute(async (trx) => {
            const create = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx)).rows[0].sql;
            const { rows: parts } = await sql<{ sql: string }>`select sql from sqlite_master
                where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null order by type, name`.execute(trx);
            const sequence = (await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx)).rows[0]?.seq;
            const rebuilt = `${table}_rebuilt`;
            await sql.raw(change(create).replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${rebuilt}"`)).execute(trx);
            await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(trx);
            await sql`drop table ${sql.table(table)}`.execute(trx);
            await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx);
            for (const part of parts) await sql.raw(part.sql).execute(trx);
            if (sequence !== undefined) await sql`update sqlite_sequence set seq = ${sequence} where name = ${table}`.execute(trx);
            const broken = await sql`pragma foreign_key_check`.execute(trx);
            if (broken.rows.length) throw new Error(`Rebuilding ${table} broke ${broken.rows.length} foreign keys`);
        });
    } finally {
        await sql`pragma foreign_keys = on`.execute(db);
    }
}
