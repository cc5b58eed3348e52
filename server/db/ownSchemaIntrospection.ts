import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';

/**
 * The same database handle, but asked what it holds, it answers for its own schema only (PostgreSQL).
 *
 * Kysely's migrator asks whether its two tables exist by reading every column of every schema in the database;
 * a schema dropped meanwhile (another shop's, a finished test's) fails that read, and a table of its name in
 * another schema would be taken for ours. The migrator only needs the tables' names, so columns are left out.
 */
export function withOwnSchemaIntrospection(db: Kysely<unknown>): Kysely<unknown> {
    const introspection = ownSchemaIntrospector(db);
    return new Proxy(db, {
        get(target, key) {
            if (key === 'introspection') return introspection;
            const value: unknown = Reflect.get(target, key, target);
            // Kysely keeps its state in private fields, which only the real object may read.
            return typeof value === 'function' ? value.bind(target) : value;
        },
    });
}

function ownSchemaIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const getTables = async (): Promise<TableMetadata[]> => {
        const { rows } = await sql<{ name: string; schema: string; kind: string }>`
            select c.relname as name, n.nspname as schema, c.relkind as kind
            from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')`.execute(db);
        return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
    };
    return {
        getSchemas: async () => (await sql<{ name: string }>`select current_schema() as name where current_schema() is not null`.execute(db)).rows,
        getTables,
        getMetadata: async () => ({ tables: await getTables() }),
    };
}
