import type { Kysely } from 'kysely';

// Written by `npm run db:migration` from the schemas (products), plus the gallery's alt column by hand: the
// writer makes gallery tables but does not yet compare their columns. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('products').addColumn('image_alt', 'varchar(250)').execute();
    await db.schema.alterTable('product_images').addColumn('alt', 'varchar(250)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('product_images').dropColumn('alt').execute();
    await db.schema.alterTable('products').dropColumn('image_alt').execute();
}
