import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Migrations receive a bare Kysely; the few places where the dialects differ ask here.
export function isPostgres(db: Kysely<unknown>): boolean {
    return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key in either dialect. */
export function idColumn(db: Kysely<unknown>) {
    return (col: ColumnDefinitionBuilder) =>
        isPostgres(db) ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey();
}
