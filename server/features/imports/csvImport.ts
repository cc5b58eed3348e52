import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { restoreCell } from '../../../schema/csvCell';
import { capital } from '../../../schema/messages';
import { represent, type Registry } from '../../../schema/registry';
import type { EntitySchema } from '../../../schema/types';
import { fieldErrors } from '../../infra/fieldErrors';
import { changesOf, recordAudit, type Actor } from '../../engine/audit';
import { cellValue, englishTitle, importColumns, statusValue, titleKey, type ColumnRole } from './csvImportColumns';
import type { Description } from '../../engine/describe';
import { badRequest, HttpError } from '../../infra/errors';
import type { Repository } from '../../engine/repository';
import type { AnyDb, Values } from '../../engine/rows';
import type { Media } from '../../infra/media';
import { pictureBytes, picturesNamed, type PictureSource, type PictureStore } from './importPictures';
import { matchingRow, updateMatched, type FieldChange } from './importUpdates';

/** The largest CSV an import takes, in bytes, and its most rows: a catalogue's worth, answered in seconds. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

export interface RowReport {
    /** The file's line the row ends on (the header is line 1). */
    line: number;
    status: 'ok' | 'refused';
    /** Field name → what is wrong with it; `row` for what concerns the whole row. */
    errors: Record<string, string>;
    /** Field name → what the row comes in without (a picture that could not be had), for an accepted row too. */
    warnings: Record<string, string>;
    /** The row's cells as read, for the preview. */
    cells: string[];
    /** Whether the row adds a record or updates the one its key names (`importKey`), once it was tried. */
    action?: 'add' | 'update';
    /** An update's fields that change, each old → new as the API answers them (amounts in rupees); none when nothing does. */
    changes?: Record<string, FieldChange>;
}

export interface ImportReport {
    dryRun: boolean;
    /** The header as read. */
    columns: string[];
    /** Header titles that were read and left out (the id). */
    ignoredColumns: string[];
    rows: RowReport[];
    accepted: number;
    refused: number;
}

/** A validator compiled from the create route's body schema, with Ajv's errors. */
export type BodyValidator = ((body: unknown) => boolean) & { errors?: unknown[] | null };

export interface ImportTarget {
    entity: EntitySchema;
    described: Description;
    store: Repository;
    registry: Registry;
    stores: Map<string, { store: Repository }>;
}

/** Rolls a dry run's transaction back once every row has been tried. */
class DryRun extends Error {}

/** Text, not a binary file that happens to be named .csv. */
function assertText(text: string) {
    if (text.includes('\u0000') || text.includes('\ufffd')) throw badRequest('This file is not a CSV text file; save it from the spreadsheet as CSV (UTF-8)');
}

function readRecords(text: string): Array<{ cells: string[]; line: number }> {
    assertText(text);
    let parsed: Array<{ record: string[]; info: { lines: number } }>;
    try {
        parsed = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }) as never;
    } catch (error) {
        throw badRequest(`The file cannot be read as CSV: ${(error as Error).message}`);
    }
    // A cell the export neutralised as a would-be formula ('=…) reads as the text it was.
    return parsed.map(({ record, info }) => ({ cells: record.map(restoreCell), line: info.lines }));
}

/**
 * Reads a CSV file of new rows and adds the valid ones. Each row goes through the create route's own body
 * schema and then the repository's create (unique names, references, audit line) inside ONE transaction,
 * where a refused row leaves the others intact (its checks refuse it before it writes); a dry run does all of it and rolls
 * back, so its preview is exactly what the import would do, duplicates within the file included. A file
 * that cannot be read (not text, no or a wrong header, no rows, too many) is refused whole with a 400.
 */
export interface ImportOptions {
    dryRun: boolean;
    actor: Actor;
    db: AnyDb;
    /** Where the pictures a row names are found and copied; without it, picture columns are refused. */
    pictures?: PictureStore & { media: Media };
}

export async function importCsv(target: ImportTarget, validate: BodyValidator, text: string, options: ImportOptions): Promise<ImportReport> {
    const { entity, described } = target;
    const records = readRecords(text);
    if (!records.length) throw badRequest('The file is empty: it needs a header line and at least one row');
    const [header, ...rows] = records;
    if (!rows.length) throw badRequest('The file has a header but no rows');
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`The file has ${rows.length.toLocaleString('en-IN')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} are taken at once`);

    const roles = headerRoles(entity, described, header.cells);
    const references = await referenceNames(target);

    const report: RowReport[] = [];
    const valid: Array<{ index: number; body: Values; status?: 0 | 1; pictures: Record<string, PictureSource[]> }> = [];
    for (const { cells, line } of rows) {
        const errors: Record<string, string> = {};
        const row: RowReport = { line, status: 'refused', errors, warnings: {}, cells };
        report.push(row);
        if (cells.length !== roles.length) {
            errors.row = `This row has ${cells.length} cells; the header has ${roles.length}`;
            continue;
        }
        const { body, status } = rowBody(entity, roles, cells, references, errors);
        if (!validate(body)) {
            // A reference already refused by name keeps that sentence rather than 'required'.
            for (const [field, message] of Object.entries(fieldErrors((validate.errors ?? []) as never))) errors[field] ??= message;
        }
        // Pictures last: a row refused anyway fetches nothing from another shop.
        const pictures = Object.keys(errors).length ? {} : await rowPictures(roles, cells, row, options.pictures);
        if (Object.keys(errors).length) continue;
        valid.push({ index: report.length - 1, body, status, pictures });
    }

    const { db, actor } = options;
    // The copies of pictures the rows made, deleted again when the transaction does not commit.
    const copies: string[] = [];
    try {
        await db.transaction().execute(async (trx) => {
            for (const { index, body, status, pictures } of valid) {
                const row = report[index];
                try {
                    const id = await createRow(target, trx, { body, pictures, row }, options);
                    if (Object.keys(pictures).length) copies.push(...(await picturesOf(target, trx, id)));
                    if (status === 0) {
                        await trx.updateTable(entity.table).set({ status: 0 }).where('id', '=', id).execute();
                        await recordAudit(trx, actor, { action: 'toggle', entity: entity.name, record: id, changes: changesOf({ status: 1 }, { status: 0 }) });
                    }
                    row.status = 'ok';
                } catch (error) {
                    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
                    await assertStillUsable(trx);
                    Object.assign(row.errors, error.errors ?? { row: error.message });
                }
            }
            if (options.dryRun) throw new DryRun();
        });
    } catch (error) {
        if (!(error instanceof DryRun)) {
            await Promise.all(copies.map((path) => options.pictures?.media.remove(path)));
            throw error;
        }
    }

    const accepted = report.filter((row) => row.status === 'ok').length;
    return {
        dryRun: options.dryRun,
        columns: header.cells,
        ignoredColumns: header.cells.filter((_, i) => roles[i].kind === 'ignored'),
        rows: report,
        accepted,
        refused: report.length - accepted,
    };
}

/** A row's cells as the create's body and its status; a cell that cannot be read says so in `errors`. */
function rowBody(entity: EntitySchema, roles: ColumnRole[], cells: string[], references: Map<string, Resolve>, errors: Record<string, string>) {
    const body: Values = {};
    let status: 0 | 1 | undefined;
    roles.forEach((role, i) => {
        const cell = cells[i];
        if (role.kind === 'status') {
            if (!cell.trim()) return;
            status = statusValue(cell);
            if (status === undefined) errors.status = "The status must be 'Active' or 'Inactive'";
            else if (status === 0 && !entity.paths.toggle) errors.status = `${capital(entity.noun[1])} are added active`;
        } else if (role.kind === 'field' && cell.trim() && role.def.type !== 'reference' && role.def.type !== 'referenceMany') {
            body[role.field] = cellValue(role, cell);
        }
    });
    // References after the plain fields: a name may only be unique within its parent (a subcategory's).
    roles.forEach((role, i) => {
        if (role.kind !== 'field' || role.def.type !== 'referenceMany' || !cells[i].trim()) return;
        // A set as the export writes it: its rows' names separated by semicolons ('Brand: Aashirvaad; Diet: Veg').
        const resolved = cells[i].split(';').filter((name) => name.trim()).map((name) => references.get(role.field)!(name, body));
        const wrong = resolved.find((one) => typeof one === 'string');
        if (wrong !== undefined) errors[role.field] = String(wrong);
        else body[role.field] = resolved;
    });
    roles.forEach((role, i) => {
        if (role.kind !== 'field' || role.def.type !== 'reference' || !cells[i].trim()) return;
        const resolved = references.get(role.field)!(cells[i], body);
        if (typeof resolved === 'number') body[role.field] = resolved;
        else errors[role.field] = resolved;
    });
    return { body, status };
}

/**
 * A refused row is refused by the create's checks, which only read, so the transaction goes on. Only a
 * write the database itself refused (another request adding the same name meanwhile) leaves PostgreSQL's
 * transaction unusable: then the whole import stops, nothing written, and says so. No savepoint per row:
 * they doubled the statements of an import.
 */
async function assertStillUsable(trx: AnyDb) {
    try {
        await sql`select 1`.execute(trx);
    } catch {
        throw new HttpError(409, 'Another change clashed with this import while it ran; nothing was written. Please try again.');
    }
}

/** What each header cell holds; a header with an unknown or repeated title, or without a required field, is refused. */
function headerRoles(entity: EntitySchema, described: Description, titles: string[]): ColumnRole[] {
    const known = importColumns(entity);
    const roles: ColumnRole[] = [];
    const seen = new Set<string>();
    const unknown: string[] = [];
    for (const title of titles) {
        const role = known.get(titleKey(title));
        if (!role) {
            unknown.push(title.trim() || '(blank)');
            continue;
        }
        const key = role.kind === 'field' ? role.field : role.kind === 'status' ? 'status' : titleKey(title);
        if (seen.has(key)) throw badRequest(`The header names the column '${title.trim()}' twice`);
        seen.add(key);
        roles.push(role);
    }
    const expected = [...new Set([...known.values()].filter((role) => role.kind === 'field').map((role) => englishTitle(entity, role.field)))];
    if (unknown.length) {
        throw badRequest(`The header has columns this import does not know: ${unknown.join(', ')}. The columns are: ${expected.join(', ')}, Status`);
    }
    const missing = described.required.filter((field) => !seen.has(field)).map((field) => englishTitle(entity, field));
    if (missing.length) throw badRequest(`The header lacks the column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    return roles;
}

type Resolve = (cell: string, body: Values) => number | string;

/**
 * For every reference field, a lookup from what the export writes (the referenced row's name, or its
 * representation such as 'CGST 5%') to its id; where the field is `within` a parent, the name is looked up
 * among that parent's rows only, since names are unique only there.
 */
async function referenceNames({ described, stores, entity }: ImportTarget): Promise<Map<string, Resolve>> {
    const lookups = new Map<string, Resolve>();
    // A set's names are looked up as a reference's are, one name at a time.
    const sets = described.sets.map((set) => ({ name: set.field, field: entity.fields[set.field], target: set.target }));
    for (const { name, field, target } of [...described.references, ...sets]) {
        const byName = new Map<string, Values[]>();
        const ids = new Set<number>();
        const source = stores.get(target.name)!.store;
        const { chunks } = await source.stream({}, (records) => records);
        for await (const chunk of chunks) {
            for (const record of chunk) {
                // A variant's product is named by its name, which its variants share: only the product's own row is meant.
                if (name === entity.variants?.parent && record[name] != null) continue;
                const key = titleKey(field.display ? String(record[field.display.field] ?? '') : represent(target, record));
                byName.set(key, [...(byName.get(key) ?? []), record]);
                ids.add(Number(record.id));
            }
        }
        const within = field.within;
        lookups.set(name, (cell, body) => {
            const candidates = byName.get(titleKey(cell)) ?? [];
            // A set's member the export could not name (its row was not fetched) goes out as its id.
            if (!candidates.length && field.type === 'referenceMany' && /^\s*\d+\s*$/.test(cell) && ids.has(Number(cell))) return Number(cell);
            if (!candidates.length) return `There is no ${target.noun[0]} named '${cell.trim()}'`;
            const fitting = within && body[within] !== undefined ? candidates.filter((record) => record[within] === body[within]) : candidates;
            // None of the parent's: the first of the name, for the create's own check to refuse in its words.
            return Number((fitting[0] ?? candidates[0]).id);
        });
    }
    return lookups;
}

/**
 * The pictures a row's image and gallery cells name. One that cannot be had (not stored here, another shop's that
 * could not be fetched) is a warning: a shop owner moving a catalogue wants the products in, and pictures can be
 * added afterwards, so the row comes in without it. Too many pictures for the column is the file's mistake, and refuses the row.
 */
async function rowPictures(roles: ColumnRole[], cells: string[], { errors, warnings }: RowReport, store?: PictureStore): Promise<Record<string, PictureSource[]>> {
    const pictures: Record<string, PictureSource[]> = {};
    for (const [i, role] of roles.entries()) {
        if (role.kind !== 'picture' || !cells[i].trim()) continue;
        if (!store) {
            errors[role.field] = 'This import does not take pictures';
            continue;
        }
        const most = role.def.type === 'gallery' ? (role.def.gallery?.max ?? 0) : 1;
        if (cells[i].trim().split(/\s+/).length > most) {
            errors[role.field] = most === 1 ? 'This column takes one picture' : `At most ${most} gallery pictures`;
            continue;
        }
        const { found, missing } = await picturesNamed(cells[i], store);
        if (missing.length) warnings[role.field] = `Imported without ${missing.length === 1 ? 'this picture' : 'these pictures'}: ${missing.join('; ')}`;
        if (found.length) pictures[role.field] = found;
    }
    return pictures;
}

/**
 * Creates one valid row inside the import's transaction, with copies of its pictures (a dry run checked them and
 * copies none). A fetched picture the shop's own checks refuse (a file that is no picture, a damaged one, too
 * many pixels) does not cost the row: it is created without the fetched pictures, and the report says why.
 */
async function createRow(target: ImportTarget, trx: AnyDb, { body, pictures, row }: { body: Values; pictures: Record<string, PictureSource[]>; row: RowReport }, options: ImportOptions): Promise<number> {
    const matched = await matchingRow(target, trx, body);
    row.action = matched ? 'update' : 'add';
    if (matched) {
        // An update keeps the row's pictures: none of this row's are copied, so none are to be undone.
        for (const field of Object.keys(pictures)) delete pictures[field];
        const { id, changes } = await updateMatched(target, trx, matched, body, options.actor);
        row.changes = changes;
        return id;
    }
    if (options.dryRun || !Object.keys(pictures).length) return target.store.createWithin(trx, body, options.actor);
    try {
        return await target.store.createWithin(trx, { ...body, ...(await pictureFiles(target, pictures, options.pictures)) }, options.actor);
    } catch (error) {
        const fetched = Object.keys(pictures).filter((field) => pictures[field].some((source) => 'bytes' in source));
        // Only a refusal of the pictures themselves: a field's error (a clash of names) refuses the row as usual.
        const ofPictures = error instanceof HttpError && error.statusCode < 500 && Object.keys(error.errors ?? {}).every((field) => field in pictures);
        if (!ofPictures || !fetched.length) throw error;
        await assertStillUsable(trx);
        for (const field of fetched) row.warnings[field] = [row.warnings[field], `Imported without the pictures fetched from another shop: ${error.message}`].filter(Boolean).join('; ');
        const kept = Object.fromEntries(Object.entries(pictures).map(([field, sources]) => [field, sources.filter((source) => 'name' in source)]).filter(([, sources]) => sources.length));
        return createRow(target, trx, { body, pictures: kept, row }, options);
    }
}

/** Copies of the pictures' bytes, as the create takes files: one for an image field, a list for a gallery. */
async function pictureFiles({ entity }: ImportTarget, pictures: Record<string, PictureSource[]>, store?: PictureStore): Promise<Values> {
    const files: Values = {};
    for (const [field, sources] of Object.entries(pictures)) {
        const bytes = await Promise.all(sources.map((source) => ('bytes' in source ? source.bytes : pictureBytes(source.name, store!.storage))));
        files[field] = entity.fields[field].type === 'gallery' ? bytes : bytes[0];
    }
    return files;
}

/** The stored paths a newly imported row points at: its image fields' and its gallery's. */
async function picturesOf({ entity, described }: ImportTarget, trx: AnyDb, id: number): Promise<string[]> {
    const paths: string[] = [];
    if (described.images.length) {
        const row: Values = await trx.selectFrom(entity.table).select(described.images).where('id', '=', id).executeTakeFirstOrThrow();
        paths.push(...described.images.map((field) => row[field]).filter((path): path is string => typeof path === 'string'));
    }
    if (described.gallery) {
        const rows: Values[] = await trx.selectFrom(described.gallery.table).select('image').where(described.gallery.key, '=', id).execute();
        paths.push(...rows.map((row) => row.image as string));
    }
    return paths;
}
