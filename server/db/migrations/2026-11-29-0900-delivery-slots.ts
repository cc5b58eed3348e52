import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';
import { createColumnVersions, createListIndexes, dropListIndexes } from '../listIndexes';
import { createRowVersions, dropRowVersions } from '../rowVersions';
import { createUniqueIndex } from '../uniqueIndex';

// Written by `npm run db:migration` from the schemas (deliverySlots): review it, then commit it. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);

    await db.schema
        .createTable('delivery_slots')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('cutoff_minutes', 'integer', (c) => c.notNull())
        .addColumn('sunday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('monday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('tuesday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('wednesday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('thursday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('friday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('saturday', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await createUniqueIndex(db, 'delivery_slots', ['name'], ['name']);
    await createListIndexes(db, { table: 'deliverySlots', search: ['name'], sort: ['startTime', 'name', 'capacity', 'status', 'createdAt'], filters: ['status'] });
    await createRowVersions(db, 'delivery_slots');
    await createColumnVersions(db, 'delivery_slots');
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await dropRowVersions(db, 'delivery_slots');
    await dropListIndexes(db, { table: 'deliverySlots', search: ['name'], sort: ['startTime', 'name', 'capacity', 'status', 'createdAt'], filters: ['status'] });
    await db.schema.dropTable('delivery_slots').execute();
}
