import { sql, type AliasedRawBuilder } from 'kysely';
import type { AnyDb, Values } from './rows';
import { badRequest } from '../infra/errors';
import { isFile, type Upload } from '../infra/files';
import { capital, withArticle } from '../../schema/messages';

/** An ordered list of images kept in a table of its own, one row per image. */
export interface GallerySpec {
    /** The body field carrying files to append (a repeated multipart part) and the record field listing the paths. */
    field: string;
    /** The body field naming stored paths to take out: repeated, or separated by commas. */
    removeField: string;
    table: string;
    /** The column of `table` holding the owner's id. */
    key: string;
    max: number;
}

/** What one save does to a gallery: files to store and append, stored rows to delete. */
export interface GalleryChange {
    added: Upload[];
    removed: Array<{ id: number; image: string }>;
}

// Bounds the `in (...)` list well below every driver's parameter limit; a page is one query.
const CHUNK = 1000;

/** The body fields a gallery adds (files to append, paths to remove) and the record field listing it. */
export function gallerySchemas({ field, removeField, max }: GallerySpec) {
    return {
        body: {
            [field]: { description: `Image files appended to the gallery (repeat the part); at most ${max} in all` },
            [removeField]: {
                type: 'array',
                maxItems: 100,
                items: { type: 'string', maxLength: 2000 },
                description: 'Gallery paths to remove (repeat the field or separate them with commas); their files are deleted',
            },
        },
        record: { [field]: { type: 'array', items: { type: 'string' } } },
    };
}

/** Reads and writes one entity's gallery. */
export class Gallery {
    constructor(
        private readonly spec: GallerySpec,
        private readonly ownerNoun: string,
    ) {}

    /** Reads the change a body asks for and refuses one that would pass the limit. */
    async plan(db: AnyDb, body: Values, ownerId?: number): Promise<GalleryChange> {
        const { field, removeField, table, key, max } = this.spec;
        const added = [body[field]].flat().filter(isFile);
        const asked = new Set(
            [body[removeField] ?? []]
                .flat()
                .flatMap((paths) => String(paths).split(','))
                .map((path) => path.trim()),
        );
        if (!added.length && !asked.size) return { added, removed: [] };
        const current: Array<{ id: number; image: string }> =
            ownerId === undefined ? [] : await db.selectFrom(table).select(['id', 'image']).where(key, '=', ownerId).execute();
        // A path that is not in this gallery is already gone, which is what the client asked for.
        const removed = current.filter((row) => asked.has(row.image));
        if (current.length - removed.length + added.length > max) {
            const message = capital(`${withArticle(this.ownerNoun)} can have at most ${max} gallery images`);
            throw badRequest(message, { [field]: message });
        }
        return { added, removed };
    }

    /** Applies a planned change, given the stored paths of the added files, inside the owner's transaction. */
    async write(trx: AnyDb, ownerId: number, paths: string[], removed: GalleryChange['removed']): Promise<void> {
        const { table, key } = this.spec;
        if (removed.length) {
            await trx.deleteFrom(table).where('id', 'in', removed.map((row) => row.id)).execute();
        }
        if (!paths.length) return;
        const { last } = await trx
            .selectFrom(table)
            .select((eb) => eb.fn.max('position').as('last'))
            .where(key, '=', ownerId)
            .executeTakeFirstOrThrow();
        const start = Number(last ?? 0) + 1;
        await trx
            .insertInto(table)
            .values(paths.map((image, i) => ({ [key]: ownerId, image, position: start + i })))
            .execute();
    }

    /** Adds each record's gallery, in order, reading all of them at once. */
    async attach(db: AnyDb, records: Values[]): Promise<Values[]> {
        const { field, table, key } = this.spec;
        const ids = records.map((record) => record.id as number);
        const byOwner = new Map<number, string[]>();
        for (let i = 0; i < ids.length; i += CHUNK) {
            const rows: Values[] = await db
                .selectFrom(table)
                .select([key, 'image'])
                .where(key, 'in', ids.slice(i, i + CHUNK))
                .orderBy(key)
                .orderBy('position')
                .orderBy('id')
                .execute();
            for (const row of rows) {
                const owner = row[key] as number;
                const images = byOwner.get(owner) ?? [];
                images.push(row.image as string);
                byOwner.set(owner, images);
            }
        }
        // In place: the records are the caller's fresh rows (see decorate in records.ts).
        for (const record of records) record[field] = byOwner.get(record.id as number) ?? [];
        return records;
    }

    /**
     * Each owner's gallery as a JSON array column of its row, in the order `attach` gives, for a bare list:
     * its stream reads no gallery rows aside. (Reading them a chunk at a time went through the code that
     * reads kept pages, whose objects V8 had learnt to allocate as long-lived: every streamed gallery then
     * landed in the old generation, tens of megabytes of garbage per stream.) PostgreSQL's driver parses
     * the json; SQLite's text is parsed by `fromColumn`.
     */
    column(kind: 'sqlite' | 'postgres', ownerTable: string): AliasedRawBuilder<unknown, string> {
        const { field, table, key } = this.spec;
        const image = sql.ref(`${table}.image`);
        const order = sql`order by ${sql.ref(`${table}.position`)}, ${sql.ref(`${table}.id`)}`;
        const images = kind === 'postgres' ? sql`coalesce(json_agg(${image} ${order}), '[]'::json)` : sql`json_group_array(${image} ${order})`;
        return sql`(select ${images} from ${sql.table(table)} where ${sql.ref(`${table}.${key}`)} = ${sql.ref(`${ownerTable}.id`)})`.as(field);
    }

    /** A record's gallery as `column` read it. */
    fromColumn(record: Values): void {
        const { field } = this.spec;
        if (typeof record[field] === 'string') record[field] = JSON.parse(record[field] as string);
    }

    /** The stored paths of one owner's gallery, e.g. to delete the files with the owner. */
    async paths(db: AnyDb, ownerId: number): Promise<string[]> {
        const { table, key } = this.spec;
        const rows = await db.selectFrom(table).select('image').where(key, '=', ownerId).execute();
        return rows.map((row: { image: string }) => row.image);
    }
}
