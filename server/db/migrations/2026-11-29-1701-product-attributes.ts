import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// A product carries a set of attribute values (Brand: Aashirvaad, Pack: 1 kg, Diet: Veg), one row per pair in
// product_attributes; its single attribute_id stays for the legacy calls but is no longer required. Every product
// keeps the attribute it had, now as the first of its set. Frozen once committed.

export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('product_attributes')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id'))
        .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'attribute_id'])
        .execute();
    // The other way round, for the list's filter and for an attribute's "is it used?" before a delete.
    await db.schema.createIndex('product_attributes_attribute_id_idx').on('product_attributes').columns(['attribute_id', 'product_id']).execute();
    await sql`insert into product_attributes (product_id, attribute_id) select id, attribute_id from products where attribute_id is not null`.execute(db);
    await setNotNull(db, false);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    // A product that had lost its single attribute takes the lowest of its set back.
    await sql`update products set attribute_id = (select min(attribute_id) from product_attributes where product_id = products.id) where attribute_id is null`.execute(db);
    await db.schema.dropTable('product_attributes').execute();
    await setNotNull(db, true);
}

async function setNotNull(db: Kysely<unknown>, required: boolean): Promise<void> {
    if (isPostgres(db)) {
        await sql`alter table products alter column attribute_id ${required ? sql`set` : sql`drop`} not null`.execute(db);
        return;
    }
    const [from, to] = required ? ['"attribute_id" integer', '"attribute_id" integer not null'] : ['"attribute_id" integer not null', '"attribute_id" integer'];
    await rebuildProducts(db, (create) => {
        if (!create.includes(from)) throw new Error(`products.attribute_id is not ${from} as this migration expects`);
        return create.replace(from, to);
    });
}

/**
 * SQLite cannot change a column's NOT NULL: the table is made again from its own CREATE text, changed, filled with
 * the same rows (ids, and the next id, kept) and given the old name; its indexes and triggers are made again as they
 * were. Foreign keys are off meanwhile, so dropping the old table deletes no picture or order line by cascade; they
 * are checked before they are on again. Migrations run outside a transaction on SQLite, which the pragma needs.
 */
async function rebuildProducts(db: Kysely<unknown>, change: (create: string) => string): Promise<void> {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
        await db.transaction().execute(async (trx) => {
            const table = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'products'`.execute(trx)).rows[0].sql;
            const { rows: parts } = await sql<{ sql: string }>`select sql from sqlite_master
                where tbl_name = 'products' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(trx);
            const sequence = (await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'products'`.execute(trx)).rows[0]?.seq;
            await sql.raw(change(table).replace(/^CREATE TABLE "products"/, 'CREATE TABLE "products_rebuilt"')).execute(trx);
            await sql`insert into products_rebuilt select * from products`.execute(trx);
            await sql`drop table products`.execute(trx);
            await sql`alter table products_rebuilt rename to products`.execute(trx);
            for (const part of parts) await sql.raw(part.sql).execute(trx);
            if (sequence !== undefined) await sql`update sqlite_sequence set seq = ${sequence} where name = 'products'`.execute(trx);
            const broken = await sql`pragma foreign_key_check`.execute(trx);
            if (broken.rows.length) throw new Error(`Rebuilding products broke ${broken.rows.length} foreign keys`);
        });
    } finally {
        await sql`pragma foreign_keys = on`.execute(db);
    }
}
