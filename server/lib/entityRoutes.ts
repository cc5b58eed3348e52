import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Access } from '../plugins/auth';
import { errorResponses, idParams, imageField, timestamps } from '../schemas/common';
import { notFound } from './errors';
import { listQuerySchema, pageOf, type ListQuery, type ListSpec } from './list';
import { nowIso } from './time';

export type Values = Record<string, unknown>;
export type Row = Values & { id: number };
// The factory works on any table, so it speaks to the database untyped; each entity's own hooks are typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, Row>;

export interface EntityContext {
    app: FastifyInstance;
    /** The stored row, when updating. */
    existing?: Row;
}

/** Everything that differs between two catalogue entities, as data and a few hooks. */
export interface EntityDefinition {
    table: string;
    /** OpenAPI tag. */
    tag: string;
    /** Who may call these routes; catalogue entities are for staff. */
    access?: Access;
    /** The legacy paths, with `:id` where the id goes. A path left out is a route not offered. */
    paths: { list: string; item?: string; create?: string; update?: string; toggle?: string; remove?: string };
    /** The body key that carries the new status on toggle (`status`, or `newStatus` for products). */
    toggleKey?: string;
    /** Wraps the list answer for legacy clients that expect an object, e.g. `{success, data: [...]}`. */
    listEnvelope?: 'data' | 'videos' | 'orders';
    /** Writable fields and their JSON schemas; images are listed apart. */
    fields: Record<string, object>;
    required: string[];
    /** Single-image multipart fields. */
    images?: string[];
    /** Response properties besides id, status and the timestamps. */
    record: Record<string, object>;
    list: ListSpec;
    messages: { created: string; updated: string; toggled: string; deleted?: string; notFound: string };
    /** Values a new row always gets (e.g. attributes are saved inactive). */
    onCreate?: Values;
    /** Values every save sets, whatever the client sent. */
    onSave?: Values;
    /** API body → column values; checks references and throws HttpError on bad input. */
    toValues?: (body: Values, ctx: EntityContext) => Values | Promise<Values>;
    /** Row → API record. */
    toRecord?: (row: Row) => Values;
    /** The query rows are read through (joins, computed columns). */
    select?: (db: AnyDb) => AnySelect;
    /** Refuses a delete that would orphan rows. */
    beforeDelete?: (app: FastifyInstance, id: number) => Promise<void>;
    /** Runs after a create or update inside the same request (e.g. a product's gallery). */
    afterSave?: (app: FastifyInstance, id: number, body: Values) => Promise<void>;
    /** Adds related data to records about to be sent (e.g. gallery images). */
    expand?: (app: FastifyInstance, records: Values[]) => Promise<Values[]>;
}

const isFile = (value: unknown): value is Buffer => Buffer.isBuffer(value) && value.length > 0;

/** Registers the legacy routes of one entity: list, read, create, update, toggle and delete. */
export function entityRoutes(app: FastifyInstance, def: EntityDefinition) {
    const db = app.db as unknown as AnyDb;
    const config = { access: def.access ?? 'staff' };
    const images = def.images ?? [];
    const toggleKey = def.toggleKey ?? 'status';
    const record = {
        type: 'object',
        properties: { id: { type: 'integer' }, ...def.record, ...Object.fromEntries(images.map((f) => [f, { type: ['string', 'null'] }])), status: { type: 'integer' }, ...timestamps },
    };
    const written = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: record } };
    const bodyProperties = { ...def.fields, ...Object.fromEntries(images.map((f) => [f, imageField])) };
    const select = () => (def.select ? def.select(db) : (db.selectFrom(def.table).selectAll() as AnySelect));
    const column = def.list.column ?? ((name: string) => `${def.table}.${name}`);
    const present = async (rows: Row[]) => {
        const records = rows.map((row) => (def.toRecord ? def.toRecord(row) : row));
        return def.expand ? def.expand(app, records) : records;
    };

    async function find(id: number): Promise<Row> {
        const row = await select().where(sql.ref(column('id')), '=', id).executeTakeFirst();
        if (!row) throw notFound(def.messages.notFound);
        return row;
    }

    async function storeImages(body: Values, existing?: Row): Promise<{ values: Values; replaced: string[] }> {
        const values: Values = {};
        const replaced: string[] = [];
        for (const field of images) {
            if (!isFile(body[field])) continue;
            values[field] = await app.media.saveImage(body[field]);
            if (existing?.[field]) replaced.push(String(existing[field]));
        }
        return { values, replaced };
    }

    function pick(body: Values): Values {
        return Object.fromEntries(Object.keys(def.fields).filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
    }

    app.get(def.paths.list, {
        config,
        schema: {
            tags: [def.tag],
            querystring: listQuerySchema(def.list),
            response: {
                200: def.listEnvelope
                    ? { type: 'object', properties: { success: { type: 'boolean' }, [def.listEnvelope]: { type: 'array', items: record } } }
                    : { type: 'array', items: record },
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const { rows, total } = await pageOf(select(), request.query as ListQuery, { ...def.list, column });
            reply.header('X-Total-Count', total);
            const records = await present(rows);
            return def.listEnvelope ? { success: true, [def.listEnvelope]: records } : records;
        },
    });

    if (def.paths.item) {
        app.get(def.paths.item, {
            config,
            schema: { tags: [def.tag], params: idParams, response: { 200: record, ...errorResponses } },
            handler: async (request) => (await present([await find((request.params as { id: number }).id)]))[0],
        });
    }

    if (def.paths.create) {
        app.post(def.paths.create, {
            config,
            schema: {
                tags: [def.tag],
                consumes: ['multipart/form-data', 'application/json'],
                body: { type: 'object', required: def.required, properties: bodyProperties },
                response: { 201: written, ...errorResponses },
            },
            handler: async (request, reply) => {
                const body = request.body as Values;
                const values = def.toValues ? await def.toValues(body, { app }) : pick(body);
                const { values: files } = await storeImages(body);
                const now = nowIso();
                const row = await db
                    .insertInto(def.table)
                    .values({ status: 1, ...values, ...files, ...def.onCreate, ...def.onSave, createdAt: now, updatedAt: now })
                    .returning('id')
                    .executeTakeFirstOrThrow();
                await def.afterSave?.(app, row.id, body);
                reply.code(201);
                return { success: true, message: def.messages.created, data: (await present([await find(row.id)]))[0] };
            },
        });
    }

    if (def.paths.update) {
        app.post(def.paths.update, {
            config,
            schema: {
                tags: [def.tag],
                consumes: ['multipart/form-data', 'application/json'],
                params: idParams,
                body: { type: 'object', properties: bodyProperties },
                response: { 200: written, ...errorResponses },
            },
            handler: async (request) => {
                const { id } = request.params as { id: number };
                const body = (request.body ?? {}) as Values;
                const existing = await find(id);
                const values = def.toValues ? await def.toValues(body, { app, existing }) : pick(body);
                const { values: files, replaced } = await storeImages(body, existing);
                await db
                    .updateTable(def.table)
                    .set({ ...values, ...files, ...def.onSave, updatedAt: nowIso() })
                    .where('id', '=', id)
                    .execute();
                await def.afterSave?.(app, id, body);
                await Promise.all(replaced.map((file) => app.media.remove(file)));
                return { success: true, message: def.messages.updated, data: (await present([await find(id)]))[0] };
            },
        });
    }

    if (def.paths.toggle) {
        app.post(def.paths.toggle, {
            config,
            schema: {
                tags: [def.tag],
                description: `Sets the status to \`${toggleKey}\`, or flips it when the body names none.`,
                params: idParams,
                body: { type: ['object', 'null'], properties: { [toggleKey]: { type: 'integer', enum: [0, 1], 'x-message': 'Status must be 1 (active) or 0 (inactive)' } } },
                response: { 200: written, ...errorResponses },
            },
            handler: async (request) => {
                const { id } = request.params as { id: number };
                const existing = await find(id);
                const requested = (request.body as Values | null)?.[toggleKey];
                const status = requested === undefined ? (existing.status === 1 ? 0 : 1) : requested;
                await db.updateTable(def.table).set({ status, updatedAt: nowIso() }).where('id', '=', id).execute();
                return { success: true, message: def.messages.toggled, data: (await present([await find(id)]))[0] };
            },
        });
    }

    if (def.paths.remove) {
        app.delete(def.paths.remove, {
            config,
            schema: {
                tags: [def.tag],
                params: idParams,
                response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: { type: 'object', properties: { id: { type: 'integer' } } } } }, ...errorResponses },
            },
            handler: async (request) => {
                const { id } = request.params as { id: number };
                const existing = await find(id);
                await def.beforeDelete?.(app, id);
                await db.deleteFrom(def.table).where('id', '=', id).execute();
                await Promise.all(images.map((field) => app.media.remove(existing[field] as string | null)));
                return { success: true, message: def.messages.deleted ?? 'Deleted', data: { id } };
            },
        });
    }
}
