import { sql, type Kysely } from 'kysely';

// Written by `npm run db:migration` from the schemas (settings): review it, then commit it. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settings').addColumn('time_zone', 'varchar(16)', (c) => c.check(sql`time_zone in ('Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Dhaka', 'Asia/Colombo', 'Asia/Karachi', 'Asia/Dubai', 'Asia/Singapore', 'Europe/London', 'America/New_York', 'America/Toronto', 'Australia/Sydney', 'UTC')`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settings').dropColumn('time_zone').execute();
}
