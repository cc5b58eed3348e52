import type { Kysely } from 'kysely';
import { createWriteVersion, dropWriteVersion } from '../listIndexes';

// Frozen: the tables lists show without listing them (galleries); every other table a list shows has its own list.
const TABLES = ['productImages'];

export async function up(db: Kysely<unknown>): Promise<void> {
    for (const table of TABLES) await createWriteVersion(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of TABLES) await dropWriteVersion(db, table);
}
