import { sql, type Kysely } from 'kysely';
import { createColumnVersions, dropColumnVersions } from '../listIndexes';

// Written by `npm run db:migration` from the schemas (products): review it, then commit it. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('products').addColumn('mrp', 'integer', (c) => c.check(sql`mrp >= 0`)).execute();
    await createColumnVersions(db, 'products');
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await dropColumnVersions(db, 'products');
    await db.schema.alterTable('products').dropColumn('mrp').execute();
    await createColumnVersions(db, 'products');
}
