import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { AnyDb, Row, Values } from './rows';
import { badRequest } from '../infra/errors';
import { isFile } from '../infra/files';
import type { ImageSource } from '../infra/media';
import { newGalleryPicture } from '../../schema/fields';
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
    /** The owner's image field a gallery picture can swap places with (`makeMain`); its alt text is `<main>Alt`. */
    main?: string;
}

/** A stored gallery picture as a save reads it. */
export interface GalleryRow {
    id: number;
    image: string;
    alt: string | null;
}

/** What one save does to a gallery: files to store and append, stored rows to delete, the order asked for. */
export interface GalleryChange {
    added: ImageSource[];
    removed: Array<{ id: number; image: string }>;
    /** The stored pictures in their new order (those kept, as the body's order field put them); absent when it is unchanged. */
    order?: Array<{ id: number; image: string }>;
    /** The stored pictures the gallery keeps, in their order after the save (after a swap, with the main picture's path). */
    kept: GalleryRow[];
    /** The gallery's paths before the save, in order, for the audit line. */
    before: string[];
    /** Where each added file lands in the gallery after the save, when the order named it (`new:<i>`); else they go last. */
    newAt?: number[];
    /** One alt text per picture after the save, in its order, when the body sent them. */
    alts?: string[];
    /** `makeMain`: the gallery row whose picture becomes the owner's main one, and the owner's columns it sets. */
    swap?: { rowId: number; leaves: boolean; owner: Values };
}

/** The body field and record field carrying a gallery's alt texts: `imagesAlt` for `images`. */
export const altField = (field: string) => `${field}Alt`;

/** The body field naming the gallery picture that becomes the main one. */
export const MAKE_MAIN = 'makeMain';

/** The body field that gives a gallery's stored pictures a new order: `imagesOrder` for `images`. */
export const orderField = (field: string) => `${field}Order`;

/** The paths a body field names: repeated, or separated by commas. */
const pathsIn = (value: unknown) =>
    [value ?? []]
        .flat()
        .flatMap((paths) => String(paths).split(','))
        .map((path) => path.trim())
        .filter(Boolean);


/** One place of the gallery after a save: a stored row, or the index of a file sent now. */
type Slot = GalleryRow | number;

/**
 * The gallery after the save in the order asked: the named pictures first, in the order named (stored paths, and
 * files sent now as `new:<i>`), then the stored ones not named in their old order, then the files not named. A
 * path that is not in this gallery is refused: the client's view of it is stale.
 */
function arrange(kept: GalleryRow[], added: number, asked: string[], field: string): Slot[] {
    const byName = new Map<string, Slot>([...kept.map((row) => [row.image, row] as const), ...Array.from({ length: added }, (_, i) => [newGalleryPicture(i), i] as const)]);
    const stranger = asked.find((name) => !byName.has(name));
    if (stranger) {
        const message = `${stranger} is not a picture of this gallery; reload the page and arrange it again`;
        throw badRequest(message, { [orderField(field)]: message });
    }
    const named = [...new Set(asked)].map((name) => byName.get(name)!);
    const rest = [...byName.values()].filter((slot) => !named.includes(slot));
    return [...named, ...rest.filter((slot) => typeof slot !== 'number'), ...rest.filter((slot) => typeof slot === 'number')];
}

/** The gallery's places after a save as `plan` left them: the kept rows with each added file at its place. */
function slotsOf({ kept, newAt }: Pick<GalleryChange, 'kept' | 'newAt'>, added: number): Slot[] {
    const slots: Slot[] = [...kept];
    const at = newAt ?? Array.from({ length: added }, (_, i) => kept.length + i);
    // In order of place, so each insertion lands where it was asked.
    for (const [i, place] of [...at.entries()].sort((a, b) => a[1] - b[1])) slots.splice(place, 0, i);
    return slots;
}

/** The alt texts a body sends, trimmed: exactly one per picture of the gallery after the save. */
function altsFor(sent: unknown, count: number, field: string): string[] {
    const alts = [sent].flat().map((alt) => (alt == null ? '' : String(alt).trim()));
    if (alts.length !== count) {
        const message = `${altField(field)} gives ${alts.length} alt texts for the ${count} pictures of the gallery after this save; send one per picture, in order`;
        throw badRequest(message, { [altField(field)]: message });
    }
    return alts;
}

// Bounds the `in (...)` list well below every driver's parameter limit; a page is one query.
const CHUNK = 1000;

/** The body fields a gallery adds (files to append, paths to remove, order, alt texts, make main) and the record fields listing it. */
export function gallerySchemas({ field, removeField, max, main }: GallerySpec) {
    const makeMain = main
        ? {
              [MAKE_MAIN]: {
                  type: 'string',
                  maxLength: 2000,
                  description: `A stored gallery path whose picture becomes the main picture (\`${main}\`); the main picture takes its place in the gallery, each with its alt text (or, with no main picture, it leaves the gallery). \`${orderField(field)}\`, \`${altField(field)}\` and \`${removeField}\` then speak of the gallery after this swap. Not with a new \`${main}\` file in the same request`,
              },
          }
        : {};
    return {
        body: {
            ...makeMain,
            [altField(field)]: {
                type: 'array',
                maxItems: max,
                items: { type: 'string', maxLength: 250 },
                description: `One alt text per picture of the gallery after this save, in its order: the stored pictures (as \`${orderField(field)}\` arranges them), then the files sent now (repeat the field; an empty one is a picture without alt text). Left out, the stored pictures keep theirs`,
            },
            [field]: { description: `Image files appended to the gallery (repeat the part); at most ${max} in all` },
            [removeField]: {
                type: 'array',
                maxItems: 100,
                items: { type: 'string', maxLength: 2000 },
                description: 'Gallery paths to remove (repeat the field or separate them with commas); their files are deleted',
            },
            [orderField(field)]: {
                type: 'array',
                maxItems: 100,
                items: { type: 'string', maxLength: 2000 },
                description: `The gallery's pictures in the order wanted (repeat the field or separate them with commas): stored paths, and the files sent now as \`${newGalleryPicture(0)}\`, \`${newGalleryPicture(1)}\`… in the order of their parts; stored pictures not named keep their order after them, files not named come last`,
            },
        },
        record: {
            [field]: { type: 'array', items: { type: 'string' } },
            [altField(field)]: { type: 'array', items: { type: 'string' }, description: `The alt text of each picture of \`${field}\`, in the same order ('' for none)` },
        },
    };
}

/** Reads and writes one entity's gallery. */
export class Gallery {
    constructor(
        private readonly spec: GallerySpec,
        private readonly ownerNoun: string,
    ) {}

    /** Reads the change a body asks for and refuses one that would pass the limit or name a stranger. */
    async plan(db: AnyDb, body: Values, existing?: Row): Promise<GalleryChange> {
        const { field, removeField, table, key, max } = this.spec;
        const added = [body[field]].flat().filter(isFile);
        const asked = new Set(pathsIn(body[removeField]));
        const ordered = pathsIn(body[orderField(field)]);
        const made = typeof body[MAKE_MAIN] === 'string' ? body[MAKE_MAIN].trim() : '';
        const sentAlts = body[altField(field)];
        if (!added.length && !asked.size && !ordered.length && !made && sentAlts === undefined) return { added, removed: [], kept: [], before: [] };
        const stored: GalleryRow[] =
            existing === undefined
                ? []
                : await db.selectFrom(table).select(['id', 'image', 'alt']).where(key, '=', existing.id).orderBy('position').orderBy('id').execute();
        const swap = made ? this.swap(stored, made, body, existing, asked) : undefined;
        const current = swap ? this.swapped(stored, swap.rowId, existing!) : stored;
        // A path that is not in this gallery is already gone, which is what the client asked for.
        const removed = current.filter((row) => asked.has(row.image));
        if (current.length - removed.length + added.length > max) {
            const message = capital(`${withArticle(this.ownerNoun)} can have at most ${max} gallery images`);
            throw badRequest(message, { [field]: message });
        }
        const left = current.filter((row) => !asked.has(row.image));
        const slots = ordered.length ? arrange(left, added.length, ordered.filter((path) => !asked.has(path)), field) : undefined;
        const order = slots?.filter((slot): slot is GalleryRow => typeof slot !== 'number');
        const newAt = slots && added.map((_, i) => slots.indexOf(i));
        const alts = sentAlts === undefined ? undefined : altsFor(sentAlts, left.length + added.length, field);
        return { added, removed, order, kept: order ?? left, newAt, before: stored.map((row) => row.image), alts, swap };
    }

    /** `makeMain`: checks the picture named is one of this gallery's and that nothing else in the body contradicts it. */
    private swap(stored: GalleryRow[], made: string, body: Values, existing: Row | undefined, asked: Set<string>): GalleryChange['swap'] {
        const main = this.spec.main!;
        const refuse = (message: string) => {
            throw badRequest(message, { [MAKE_MAIN]: message });
        };
        const row = stored.find((candidate) => candidate.image === made);
        if (!existing || !row) return refuse(`${made} is not a picture of this gallery; reload the page and try again`);
        if (isFile(body[main]) || body[main] === '') return refuse(`Send either a new ${main} or ${MAKE_MAIN}, not both`);
        if (asked.has(made)) return refuse(`${made} cannot be made the main picture and removed at once`);
        return { rowId: row.id, leaves: !existing[main], owner: { [main]: row.image, [`${main}Alt`]: row.alt } };
    }

    /** The gallery as the swap leaves it: the main picture in the made-main one's place, or that row gone when there was none. */
    private swapped(stored: GalleryRow[], rowId: number, existing: Row): GalleryRow[] {
        const main = this.spec.main!;
        const image = existing[main] as string | null;
        if (!image) return stored.filter((row) => row.id !== rowId);
        return stored.map((row) => (row.id === rowId ? { id: row.id, image, alt: (existing[`${main}Alt`] as string | null) ?? null } : row));
    }

    /** The gallery's paths after a planned change, in order: what the audit line says it became. */
    static after(change: GalleryChange, paths: string[]): string[] {
        return slotsOf(change, paths.length).map((slot) => (typeof slot === 'number' ? paths[slot] : slot.image));
    }

    /** Applies a planned change, given the stored paths of the added files, inside the owner's transaction. */
    async write(trx: AnyDb, ownerId: number, paths: string[], change: Pick<GalleryChange, 'removed' | 'order' | 'kept' | 'newAt' | 'alts' | 'swap'>): Promise<void> {
        const { table, key } = this.spec;
        const { removed, order, kept, alts, swap } = change;
        const slots = slotsOf(change, paths.length);
        const altOf = (slot: Slot) => alts?.[slots.indexOf(slot)] || null;
        if (removed.length) {
            await trx.deleteFrom(table).where('id', 'in', removed.map((row) => row.id)).execute();
        }
        if (swap?.leaves) await trx.deleteFrom(table).where('id', '=', swap.rowId).execute();
        else if (swap) {
            const row = kept.find((candidate) => candidate.id === swap.rowId);
            if (row) await trx.updateTable(table).set({ image: row.image, alt: row.alt }).where('id', '=', row.id).execute();
        }
        if (alts) {
            for (const row of kept) {
                const alt = altOf(row);
                if (alt !== row.alt) await trx.updateTable(table).set({ alt }).where('id', '=', row.id).execute();
            }
        }
        if (!paths.length) {
            if (order) await this.arrange(trx, ownerId, order);
            return;
        }
        const { last } = await trx
            .selectFrom(table)
            .select((eb) => eb.fn.max('position').as('last'))
            .where(key, '=', ownerId)
            .executeTakeFirstOrThrow();
        const start = Number(last ?? 0) + 1;
        const ids: number[] = [];
        for (const [i, image] of paths.entries()) {
            const row = { [key]: ownerId, image, position: start + i, alt: altOf(i) };
            ids.push((await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id as number);
        }
        // Appended, the new rows are already in place unless the order put one among the stored pictures.
        if (order || change.newAt) await this.arrange(trx, ownerId, slots.map((slot) => ({ id: typeof slot === 'number' ? ids[slot] : slot.id })));
    }

    /**
     * Numbers the kept rows 1, 2, 3… in the new order. Positions are unique per owner, so the rows pass
     * through negative numbers first: no two ever share one, whatever the old order was.
     */
    private async arrange(trx: AnyDb, ownerId: number, order: Array<{ id: number }>): Promise<void> {
        const { table, key } = this.spec;
        for (const [i, row] of order.entries()) await trx.updateTable(table).set({ position: -(i + 1) }).where('id', '=', row.id).execute();
        await trx
            .updateTable(table)
            .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
            .where(key, '=', ownerId)
            .where('position', '<', 0)
            .execute();
    }

    /** Adds each record's gallery, in order, reading all of them at once. */
    async attach(db: AnyDb, records: Values[]): Promise<Values[]> {
        const { field, table, key } = this.spec;
        const ids = records.map((record) => record.id as number);
        const byOwner = new Map<number, { images: string[]; alts: string[] }>();
        for (let i = 0; i < ids.length; i += CHUNK) {
            const rows: Values[] = await db
                .selectFrom(table)
                .select([key, 'image', 'alt'])
                .where(key, 'in', ids.slice(i, i + CHUNK))
                .orderBy(key)
                .orderBy('position')
                .orderBy('id')
                .execute();
            for (const row of rows) {
                const owner = row[key] as number;
                const gallery = byOwner.get(owner) ?? { images: [], alts: [] };
                gallery.images.push(row.image as string);
                gallery.alts.push((row.alt as string | null) ?? '');
                byOwner.set(owner, gallery);
            }
        }
        // In place: the records are the caller's fresh rows (see decorate in records.ts).
        for (const record of records) {
            const gallery = byOwner.get(record.id as number);
            record[field] = gallery?.images ?? [];
            record[altField(field)] = gallery?.alts ?? [];
        }
        return records;
    }

    /**
     * Each owner's gallery and its alt texts as JSON array columns of its row, as `attach` gives them, for a bare list:
     * its stream reads no gallery rows aside. (Reading them a chunk at a time went through the code that
     * reads kept pages, whose objects V8 had learnt to allocate as long-lived: every streamed gallery then
     * landed in the old generation, tens of megabytes of garbage per stream.) PostgreSQL's driver parses
     * the json; SQLite's text is parsed by `fromColumn`.
     */
    columns(kind: 'sqlite' | 'postgres', ownerTable: string): Array<AliasedRawBuilder<unknown, string>> {
        const { field, table, key } = this.spec;
        const order = sql`order by ${sql.ref(`${table}.position`)}, ${sql.ref(`${table}.id`)}`;
        const list = (value: RawBuilder<unknown>) => (kind === 'postgres' ? sql`coalesce(json_agg(${value} ${order}), '[]'::json)` : sql`json_group_array(${value} ${order})`);
        const of = (value: RawBuilder<unknown>) => sql`(select ${list(value)} from ${sql.table(table)} where ${sql.ref(`${table}.${key}`)} = ${sql.ref(`${ownerTable}.id`)})`;
        // The alt texts as `attach` gives them: '' for a picture without one.
        return [of(sql`${sql.ref(`${table}.image`)}`).as(field), of(sql`coalesce(${sql.ref(`${table}.alt`)}, '')`).as(altField(field))];
    }

    /** A record's gallery and its alt texts as `columns` read them. */
    fromColumns(record: Values): void {
        for (const name of [this.spec.field, altField(this.spec.field)]) {
            if (typeof record[name] === 'string') record[name] = JSON.parse(record[name] as string);
        }
    }

    /** The stored paths of one owner's gallery, e.g. to delete the files with the owner. */
    async paths(db: AnyDb, ownerId: number): Promise<string[]> {
        const { table, key } = this.spec;
        const rows = await db.selectFrom(table).select('image').where(key, '=', ownerId).execute();
        return rows.map((row: { image: string }) => row.image);
    }
}
