import { sql, type Kysely } from 'kysely';

// Every list sorts and filters by updatedAt, for integrators who sync a mirror (updatedAt_gte, a cursor by
// updatedAt): the tables that grow large get an (updated_at, id) index, the order of such a walk, and orders one
// for each column of the row its list now sorts by. Contact messages had no updated_at: it is when a message
// came or was last marked read or unread.
const INDEXES: Array<[string, string[]]> = [
    ['orders', ['updated_at', 'id']],
    ['orders', ['payment_method', 'id']],
    ['orders', ['paid_at', 'id']],
    ['orders', ['pincode', 'id']],
    ['audit_log', ['updated_at', 'id']],
    ['contact_messages', ['updated_at', 'id']],
];

const nameOf = (table: string, columns: string[]) => `${table}_${columns.join('_')}_sync_idx`;

export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('contact_messages').addColumn('updated_at', 'varchar(32)').execute();
    await sql`update contact_messages set updated_at = coalesce(read_at, created_at)`.execute(db);
    for (const [table, columns] of INDEXES) await db.schema.createIndex(nameOf(table, columns)).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const [table, columns] of INDEXES) await db.schema.dropIndex(nameOf(table, columns)).execute();
    await db.schema.alterTable('contact_messages').dropColumn('updated_at').execute();
}
