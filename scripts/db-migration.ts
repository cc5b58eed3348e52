/**
 * `npm run db:migration -- <name>`: compares the schemas with the tables the migrations make (run on a fresh
 * in-memory SQLite database) and writes what they add as a new dated migration in server/db/migrations, listed
 * in its index.ts: a new entity's table, unique and list indexes; a new field's column. Review it and commit it.
 */
import path from 'node:path';
import { entities } from '../schema';
import { MIGRATIONS_DIR, writeMigration } from '../server/db/migrationWriter';
import { describeGaps } from '../server/db/schemaTables';

const name = process.argv[2];
if (!name) {
    console.error('Usage: npm run db:migration -- <name>   (lower-case words joined by -, e.g. brands)');
    process.exit(1);
}

const { file, plan } = await writeMigration({ name, entities, indexFile: path.join(MIGRATIONS_DIR, 'index.ts') });
for (const change of plan.typeChanges) console.warn(`Left as it is (change it in a migration of your own): ${change}`);
if (!file) {
    console.log('The migrations already make every table, column and index the schemas ask for: nothing written.');
} else {
    console.log(`Wrote ${path.relative(process.cwd(), file)}, listed in server/db/migrations/index.ts, for:`);
    for (const line of plan.gaps.flatMap(describeGaps)) console.log(`  ${line}`);
    console.log('Review it, then commit both files; the server runs it when it starts.');
}
