import { sql, type Kysely } from 'kysely';

/** The name of a unique index over these columns (snake_case); the API maps a clash on it back to its message. */
export const uniqueIndexName = (table: string, columns: string[]) => `${table}_${columns.join('_')}_unique`;

/**
 * A unique index on `columns` where the text ones compare without case or surrounding spaces
 * (`lower(trim(name))`). Rows that already clash keep the oldest as it is and get ` (id)` added to
 * their last text column, so the index can be built on a shop's existing data without losing a row.
 */
export async function createUniqueIndex(db: Kysely<unknown>, table: string, columns: string[], textColumns: string[]): Promise<void> {
    const expression = (column: string) => (textColumns.includes(column) ? sql`lower(trim(${sql.ref(column)}))` : sql.ref(column));
    const key = sql.join(columns.map(expression));
    const renamed = textColumns.at(-1)!;
    await sql`
        update ${sql.table(table)} set ${sql.ref(renamed)} = ${sql.ref(renamed)} || ' (' || ${sql.ref('id')} || ')'
        where ${sql.ref('id')} not in (select min(${sql.ref('id')}) from ${sql.table(table)} group by ${key})
    `.execute(db);
    await sql`create unique index ${sql.ref(uniqueIndexName(table, columns))} on ${sql.table(table)} (${key})`.execute(db);
}
