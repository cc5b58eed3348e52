import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AnyDb, AnySelect, EntityDefinition, Row, Values } from './entity';
import { notFound } from './errors';
import { discard, isFile, storeAll } from './files';
import { gallery as galleryOf } from './gallery';
import { assertReferences, assertUnique, assertUnused } from './integrity';
import { pageOf, type ListQuery } from './list';
import { decimalFields, fromUnits, toUnits } from './money';
import { nowIso } from './time';

/** The reads and writes of one entity, as its definition describes them; the routes only call these. */
export function repository(app: FastifyInstance, def: EntityDefinition) {
    const db = app.db as unknown as AnyDb;
    const images = def.images ?? [];
    const decimals = decimalFields(def.fields);
    const gallery = def.gallery && galleryOf(def.gallery, def.table);
    const column = def.list.column ?? ((name: string) => `${def.table}.${name}`);
    const select = (): AnySelect => (def.select ? def.select(app.db) : (db.selectFrom(def.table).selectAll() as AnySelect));

    /** API body → column values: only declared fields, decimals as integer units. */
    const toColumns = (body: Values): Values =>
        Object.fromEntries(
            Object.keys(def.fields)
                .filter((field) => body[field] !== undefined)
                .map((field) => [field, field in decimals ? toUnits(body[field] as string | number, decimals[field]) : body[field]]),
        );

    /** Rows → API records: decimals back as numbers, the gallery attached in one query. */
    async function present(rows: Row[]): Promise<Values[]> {
        const records = rows.map((row) => {
            const amounts = Object.entries(decimals).map(([field, places]) => [field, row[field] == null ? null : fromUnits(Number(row[field]), places)]);
            return { ...row, ...Object.fromEntries(amounts) };
        });
        return gallery ? gallery.attach(db, records) : records;
    }

    async function find(id: number): Promise<Row> {
        const row = await select().where(sql.ref(column('id')), '=', id).executeTakeFirst();
        if (!row) throw notFound(def.messages.notFound);
        return row;
    }

    const read = async (id: number) => (await present([await find(id)]))[0];

    /** Inserts or updates the row itself, inside the save's transaction; answers its id. */
    async function writeRow(trx: AnyDb, values: Values, existing?: Row, userId?: number): Promise<number> {
        const now = nowIso();
        if (existing) {
            await trx.updateTable(def.table).set({ ...values, ...def.onSave, updatedAt: now }).where('id', '=', existing.id).execute();
            return existing.id;
        }
        const creator = def.createdBy ? { createdBy: userId ?? null } : {};
        const row = { status: 1, ...values, ...def.onCreate, ...def.onSave, ...creator, createdAt: now, updatedAt: now };
        return (await trx.insertInto(def.table).values(row).returning('id').executeTakeFirstOrThrow()).id;
    }

    /**
     * Checks everything first, then stores the files, then writes the row and its gallery in one
     * transaction; when the write fails the new files go, so no half-saved record is left behind.
     */
    async function save(body: Values, existing?: Row, userId?: number): Promise<number> {
        const values = toColumns(body);
        await assertUnique(db, def.table, def.unique ?? {}, values, existing?.id);
        await assertReferences(db, def.references ?? {}, values, existing);
        const change = gallery ? await gallery.plan(db, body, existing?.id) : { added: [], removed: [] };
        const singles = images.filter((field) => isFile(body[field]));
        // An update that sends an image field empty (as text, not an empty file part) removes the image.
        const cleared = existing ? images.filter((field) => body[field] === '' && existing[field]) : [];
        const stored = await storeAll(app.media, [...singles.map((field) => body[field] as Buffer), ...change.added]);
        const files = Object.fromEntries([...singles.map((field, i) => [field, stored[i]]), ...cleared.map((field) => [field, null])]);

        let id: number;
        try {
            id = await db.transaction().execute(async (trx) => {
                const rowId = await writeRow(trx, { ...values, ...files }, existing, userId);
                await gallery?.write(trx, rowId, stored.slice(singles.length), change.removed);
                return rowId;
            });
        } catch (error) {
            await discard(app.media, stored);
            throw error;
        }
        // Only once the rows point elsewhere may the files they pointed at go.
        await discard(app.media, [...[...singles, ...cleared].map((field) => existing?.[field]), ...change.removed.map((row) => row.image)]);
        return id;
    }

    return {
        read,

        async list(query: ListQuery) {
            const { rows, total } = await pageOf(select(), query, { ...def.list, column });
            return { records: await present(rows), total };
        },

        create: async (body: Values, userId?: number) => read(await save(body, undefined, userId)),

        update: async (id: number, body: Values) => read(await save(body, await find(id))),

        /** Sets the status, or flips it when none is given. */
        async toggle(id: number, status?: number) {
            const existing = await find(id);
            const next = status ?? (existing.status === 1 ? 0 : 1);
            await db.updateTable(def.table).set({ status: next, updatedAt: nowIso() }).where('id', '=', id).execute();
            return read(id);
        },

        /** Deletes a row nothing uses, with its image files; gallery rows go by the foreign key's cascade. */
        async remove(id: number) {
            const existing = await find(id);
            await assertUnused(db, def.table, id, def.dependents ?? []);
            const galleryPaths = gallery ? await gallery.paths(db, id) : [];
            await db.deleteFrom(def.table).where('id', '=', id).execute();
            await discard(app.media, [...images.map((field) => existing[field]), ...galleryPaths]);
        },
    };
}
