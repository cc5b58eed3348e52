import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import type { EntitySchema } from '../../schema/types';
import { introspect } from './introspect';
import { migrations as committed } from './migrations';
import { gapsOf, hasGaps, tablesOf, type ColumnSpec, type GalleryTableSpec, type SetTableSpec, type TableGaps, type TableSpec } from './schemaTables';
import type { ListIndexSpec } from './listIndexes';
import { snakeCase } from './sqlName';

// `npm run db:migration -- <name>` (scripts/db-migration.ts): the migrations run on a fresh in-memory SQLite
// database, which is compared with the schemas; what they add is written as a new dated migration to review.

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.join(HERE, 'migrations');

/** What the schemas add to the database the migrations make: one entry per table that lacks something. */
export async function planMigration(entities: EntitySchema[], migrations: Record<string, Migration> = committed) {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }), plugins: [new CamelCasePlugin()] });
    try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
        const { error } = await migrator.migrateToLatest();
        if (error) throw error;
        const shape = await introspect(db);
        const gaps = tablesOf(entities).map((spec) => gapsOf(spec, shape, 'sqlite'));
        return { gaps: ordered(gaps.filter(hasGaps)), typeChanges: gaps.flatMap((gap) => gap.typeChanges) };
    } finally {
        await db.destroy();
    }
}

export type MigrationPlan = Awaited<ReturnType<typeof planMigration>>;

/** New tables after the new tables they reference, so that each reference finds its table (a cycle keeps its order). */
function ordered(gaps: TableGaps[]): TableGaps[] {
    const referenced = (gap: TableGaps) =>
        gap.spec.columns.map((column) => column.references?.split('.')[0]).filter((table) => table && table !== gap.spec.table);
    const waiting = [...gaps];
    const done: TableGaps[] = [];
    while (waiting.length) {
        const creating = new Set(waiting.filter((gap) => gap.table).map((gap) => gap.spec.table));
        const ready = waiting.findIndex((gap) => !referenced(gap).some((table) => creating.has(table!)));
        done.push(...waiting.splice(Math.max(ready, 0), 1));
    }
    return done;
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (names: readonly string[] = []) => `[${names.map(quote).join(', ')}]`;
const listSpec = (spec: ListIndexSpec) =>
    `{ table: ${quote(spec.table)}, search: ${list(spec.search)}, sort: ${list(spec.sort)}, filters: ${list(spec.filters)} }`;

/** One `addColumn` of a create or alter table; an added column takes no NOT NULL (rows are already there). */
function addColumn(column: ColumnSpec, added = false): string {
    if (column.name === 'id') return `.addColumn('id', 'integer', id)`;
    const steps: string[] = [];
    if (column.notNull && !added) steps.push('notNull()');
    if (column.defaultTo !== undefined) steps.push(`defaultTo(${typeof column.defaultTo === 'string' ? quote(column.defaultTo) : column.defaultTo})`);
    if (column.references) steps.push(`references(${quote(column.references)})`);
    if (column.onDelete) steps.push(`onDelete(${quote(column.onDelete)})`);
    if (column.choices) {
        const values = column.choices.map((choice) => `'${choice.replace(/'/g, "''")}'`).join(', ');
        steps.push(`check(sql\`${column.name} in (${values})\`)`);
    }
    if (column.notNegative) steps.push(`check(sql\`${column.name} >= 0\`)`);
    const build = steps.length ? `, (c) => c.${steps.join('.')}` : '';
    return `.addColumn(${quote(column.name)}, ${quote(column.type)}${build})`;
}

function createTable(spec: TableSpec): string[] {
    const columns = spec.columns.map((column) => `    ${addColumn(column)}`);
    return [`await db.schema`, `    .createTable(${quote(spec.table)})`, ...columns, `    .execute();`];
}

function createGallery(gallery: GalleryTableSpec): string[] {
    const table = snakeCase(gallery.table);
    const key = snakeCase(gallery.key);
    return [
        `await db.schema`,
        `    .createTable(${quote(table)})`,
        `    .addColumn('id', 'integer', id)`,
        `    .addColumn(${quote(key)}, 'integer', (c) => c.notNull().references(${quote(`${gallery.owner}.id`)}).onDelete('cascade'))`,
        `    .addColumn('image', 'varchar(255)', (c) => c.notNull())`,
        `    .addColumn('position', 'integer', (c) => c.notNull())`,
        // Each picture's alt text (server/engine/gallery.ts), as product_images has it since 2026-11-26-0101.
        `    .addColumn('alt', 'varchar(250)')`,
        `    .addUniqueConstraint(${quote(`${table}_${key}_position_key`)}, [${quote(key)}, 'position'])`,
        `    .execute();`,
        `await createWriteVersion(db, ${quote(gallery.table)});`,
    ];
}

/** A set of references' table: one row per pair, unique as a pair, read from the referenced side by an index of its own. */
function createSet(set: SetTableSpec): string[] {
    const table = snakeCase(set.table);
    const [key, ref] = [snakeCase(set.key), snakeCase(set.ref)];
    return [
        `await db.schema`,
        `    .createTable(${quote(table)})`,
        `    .addColumn(${quote(key)}, 'integer', (c) => c.notNull().references(${quote(`${set.owner}.id`)}).onDelete('cascade'))`,
        `    .addColumn(${quote(ref)}, 'integer', (c) => c.notNull().references(${quote(`${set.target}.id`)}))`,
        `    .addPrimaryKeyConstraint(${quote(`${table}_pk`)}, [${quote(key)}, ${quote(ref)}])`,
        `    .execute();`,
        `await db.schema.createIndex(${quote(`${table}_${ref}_idx`)}).on(${quote(table)}).columns([${quote(ref)}, ${quote(key)}]).execute();`,
    ];
}

const createIndex = (table: string, column: string) =>
    `await db.schema.createIndex(${quote(`${table}_${column}_idx`)}).on(${quote(table)}).column(${quote(column)}).execute();`;

/** The statements that fill one table's gaps, and those that undo them (in the order they run). */
function steps(gaps: TableGaps): { up: string[]; down: string[] } {
    const { spec } = gaps;
    const table = spec.table;
    const up: string[] = [];
    const down: string[] = [];
    if (gaps.table) {
        up.push(...createTable(spec));
        down.unshift(`await db.schema.dropTable(${quote(table)}).execute();`);
    } else {
        for (const column of gaps.columns) {
            up.push(`await db.schema.alterTable(${quote(table)})${addColumn(column, true)}.execute();`);
            down.unshift(`await db.schema.alterTable(${quote(table)}).dropColumn(${quote(column.name)}).execute();`);
        }
    }
    for (const unique of gaps.unique) {
        up.push(`await createUniqueIndex(db, ${quote(table)}, ${list(unique.columns)}, ${list(unique.textColumns)});`);
        if (!gaps.table) down.unshift(`await db.schema.dropIndex(${quote(unique.name)}).execute();`);
    }
    if (gaps.list) {
        const now = listSpec(spec.list);
        if (gaps.table) {
            // Its rows' versions too: the list keeps its records by them (server/db/rowVersions.ts).
            up.push(`await createListIndexes(db, ${now});`, `await createRowVersions(db, ${quote(table)});`);
            down.unshift(`await dropRowVersions(db, ${quote(table)});`, `await dropListIndexes(db, ${now});`);
        } else {
            // Rebuilt whole: the text index and the triggers follow the list's columns.
            const camel = (names: string[] = []) => names.map((name) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
            const { search, sort, filters } = gaps.list.was;
            const was = { table: spec.list.table, search: camel(search), sort: camel(sort), filters: camel(filters) };
            const union = (key: 'search' | 'sort' | 'filters') => [...new Set([...(was[key] ?? []), ...(spec.list[key] ?? [])])];
            const both = listSpec({ table: spec.list.table, search: union('search'), sort: union('sort'), filters: union('filters') });
            up.push(`await dropListIndexes(db, ${both});`, `await createListIndexes(db, ${now});`);
            down.unshift(`await dropListIndexes(db, ${both});`, `await createListIndexes(db, ${listSpec(was)});`);
        }
    }
    for (const column of gaps.referenceIndexes.map(snakeCase)) {
        up.push(createIndex(table, column));
        if (!gaps.table) down.unshift(`await db.schema.dropIndex(${quote(`${table}_${column}_idx`)}).execute();`);
    }
    if (gaps.table || gaps.columns.length || gaps.list) {
        // Versions per column for the table's columns as they now are (its list's boundaries follow them). Undone
        // first, as a column's trigger must go before the column does, and made again for the columns left.
        up.push(`await createColumnVersions(db, ${quote(table)});`);
        if (!gaps.table) {
            down.unshift(`await dropColumnVersions(db, ${quote(table)});`);
            down.push(`await createColumnVersions(db, ${quote(table)});`);
        }
    }
    for (const gallery of gaps.galleries) {
        up.push(...createGallery(gallery));
        const drop = `await db.schema.dropTable(${quote(snakeCase(gallery.table))}).execute();`;
        down.unshift(`await dropWriteVersion(db, ${quote(gallery.table)});`, drop);
    }
    for (const set of gaps.sets) {
        up.push(...createSet(set));
        down.unshift(`await db.schema.dropTable(${quote(snakeCase(set.table))}).execute();`);
    }
    return { up, down };
}

/** The text of a migration that fills `gaps`; `helpers` is the path from the migration's folder to server/db. */
export function migrationSource(gaps: TableGaps[], helpers = '..'): string {
    const parts = gaps.map(steps);
    const up = parts.flatMap((part) => part.up);
    const down = parts.reverse().flatMap((part) => part.down);
    const body = [...up, ...down].join('\n');
    const uses = (name: string) => new RegExp(`\\b${name}\\(`).test(body);
    const imports = [
        body.includes('sql`') ? `import { sql, type Kysely } from 'kysely';` : `import type { Kysely } from 'kysely';`,
        ...(/, id\)/.test(body) ? [`import { idColumn } from '${helpers}/dialect';`] : []),
        ...(() => {
            const names = ['createColumnVersions', 'createListIndexes', 'createWriteVersion', 'dropColumnVersions', 'dropListIndexes', 'dropWriteVersion'].filter(uses);
            return names.length ? [`import { ${names.join(', ')} } from '${helpers}/listIndexes';`] : [];
        })(),
        ...(uses('createRowVersions') ? [`import { createRowVersions, dropRowVersions } from '${helpers}/rowVersions';`] : []),
        ...(uses('createUniqueIndex') ? [`import { createUniqueIndex } from '${helpers}/uniqueIndex';`] : []),
    ];
    const indent = (lines: string[]) => lines.map((line) => (line ? `    ${line}` : line)).join('\n');
    const idLine = /, id\)/.test(up.join('\n')) ? ['const id = idColumn(db);', ''] : [];
    const downId = /, id\)/.test(down.join('\n')) ? ['const id = idColumn(db);', ''] : [];
    const tables = gaps.map((gap) => gap.spec.entity).join(', ');
    return `${imports.join('\n')}

// Written by \`npm run db:migration\` from the schemas (${tables}): review it, then commit it. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
${indent([...idLine, ...up])}
}

export async function down(db: Kysely<unknown>): Promise<void> {
${indent([...downId, ...down])}
}
`;
}

/** `2026-11-24-0002`: today's date (or the newest migration's, if later) and the next number of that day. */
export function nextMigrationId(existing: string[], today = new Date().toISOString().slice(0, 10)): string {
    const dates = existing.map((name) => name.slice(0, 10)).filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date));
    const date = [today, ...dates].sort().at(-1)!;
    const numbers = existing.filter((name) => name.startsWith(`${date}-`)).map((name) => Number(name.slice(11, 15)) || 0);
    return `${date}-${String(Math.max(0, ...numbers) + 1).padStart(4, '0')}`;
}

/** Adds a migration to the static list (server/db/migrations/index.ts): an import and an entry, each after the last. */
export function register(indexSource: string, migrationName: string): string {
    const taken = new Set([...indexSource.matchAll(/import \* as (\w+) from/g)].map(([, name]) => name));
    const base = migrationName.slice(16).replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase()) || 'migration';
    let name = /^[A-Za-z_]/.test(base) ? base : `m${base}`;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    const lines = indexSource.split('\n');
    const lastImport = lines.findLastIndex((line) => line.startsWith('import * as '));
    lines.splice(lastImport + 1, 0, `import * as ${name} from './${migrationName}';`);
    const close = lines.findLastIndex((line) => line.startsWith('};'));
    lines.splice(close, 0, `    '${migrationName}': ${name},`);
    return lines.join('\n');
}

export interface WriteOptions {
    /** What the migration is about, in the file's name: `brands` → 2026-11-24-0002-brands.ts. */
    name: string;
    entities: EntitySchema[];
    /** Where the file goes; server/db/migrations unless a test says otherwise. */
    dir?: string;
    /** The static list to add it to; left out, none is touched. */
    indexFile?: string;
    migrations?: Record<string, Migration>;
    today?: string;
}

/** Writes the migration the schemas call for; answers its file (undefined when nothing is missing) and the plan. */
export async function writeMigration(options: WriteOptions): Promise<{ file?: string; plan: MigrationPlan }> {
    const { name, entities, dir = MIGRATIONS_DIR, indexFile, migrations = committed } = options;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`A migration's name is lower-case words joined by '-': "${name}" is not`);
    const plan = await planMigration(entities, migrations);
    if (!plan.gaps.length) return { plan };
    const id = nextMigrationId([...Object.keys(migrations), ...fs.readdirSync(dir).map((file) => file.replace(/\.ts$/, ''))], options.today);
    const migrationName = `${id}-${name}`;
    const file = path.join(dir, `${migrationName}.ts`);
    const helpers = path.relative(dir, HERE).split(path.sep).join('/') || '.';
    fs.writeFileSync(file, migrationSource(plan.gaps, helpers.startsWith('.') ? helpers : `./${helpers}`));
    if (indexFile) fs.writeFileSync(indexFile, register(fs.readFileSync(indexFile, 'utf8'), migrationName));
    return { file, plan };
}
