import type { Kysely } from 'kysely';

// The activity log's polymorphic reference was `entityId`: react-admin's guessers read any `…Id` field as a
// reference to the plural resource (`entities`), which no API answers, so an integrator's guessed activity list
// showed an error in every row. It is `record` now: the id of the row of the resource `entity` names. Its two
// indexes are made again under the names the list and the record's history look for.
const RENAMED = [
    { before: 'audit_log_entity_id_id_list_idx', after: 'audit_log_record_id_list_idx', columns: { before: ['entity_id', 'id'], after: ['record', 'id'] } },
    { before: 'audit_log_entity_entity_id_idx', after: 'audit_log_entity_record_idx', columns: { before: ['entity', 'entity_id'], after: ['entity', 'record'] } },
];

const COLUMN = { before: 'entity_id', after: 'record' };

async function rename(db: Kysely<unknown>, from: 'before' | 'after', to: 'before' | 'after') {
    for (const index of RENAMED) await db.schema.dropIndex(index[from]).execute();
    await db.schema.alterTable('audit_log').renameColumn(COLUMN[from], COLUMN[to]).execute();
    for (const index of RENAMED) await db.schema.createIndex(index[to]).on('audit_log').columns(index.columns[to]).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
    await rename(db, 'before', 'after');
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await rename(db, 'after', 'before');
}
