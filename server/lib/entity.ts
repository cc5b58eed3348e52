import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { Access } from '../plugins/auth';
import { imageField, timestamps } from '../schemas/common';
import { gallerySchemas, type GallerySpec } from './gallery';
import type { Dependent, References } from './integrity';
import type { ListSpec } from './list';

export type Values = Record<string, unknown>;
export type Row = Values & { id: number };
// The layer works on any table, so it speaks to the database untyped; each entity's `select` is typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, Row>;

/** Everything that differs between two catalogue entities, as data and one query hook. */
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
    /** Writable fields and their JSON schemas. A `decimalField` is stored as integer units and answered as a number. */
    fields: Record<string, object>;
    /** Fields legacy clients send that are accepted, documented and never stored. */
    ignored?: Record<string, object>;
    /** Fields a create must carry; an update may leave any out, but may not blank one. */
    required: string[];
    /** Single-image multipart fields. */
    images?: string[];
    /** An ordered list of images in a table of its own. */
    gallery?: GallerySpec;
    /** Fields holding ids of other rows: checked before every write, so no id dangles. */
    references?: References;
    /** Fields no two rows may share, with the sentence a client sees on a clash (409). */
    unique?: Record<string, string>;
    /** Columns elsewhere that point at this table: a delete is refused (409) while rows use it. */
    dependents?: Dependent[];
    /** Records the signed-in user's id in `createdBy` when a row is created. */
    createdBy?: boolean;
    /** Response properties besides id, status, images and the timestamps. */
    record: Record<string, object>;
    list: ListSpec;
    messages: { created: string; updated: string; toggled: string; deleted?: string; notFound: string };
    /** Values a new row always gets. */
    onCreate?: Values;
    /** Values every save sets, whatever the client sent (e.g. attributes are saved inactive). */
    onSave?: Values;
    /** The query rows are read through (joins for display names). */
    select?: (db: Kysely<Database>) => AnySelect;
}

/** The JSON schemas of an entity's records and bodies, built once from its definition. */
export function entitySchemas(def: EntityDefinition) {
    const images = Object.fromEntries((def.images ?? []).map((field) => [field, { type: ['string', 'null'] }]));
    const gallery = def.gallery && gallerySchemas(def.gallery);
    const record = {
        type: 'object',
        properties: { id: { type: 'integer' }, ...def.record, ...images, ...gallery?.record, status: { type: 'integer' }, ...timestamps },
    };
    const message = { success: { type: 'boolean' }, message: { type: 'string' } };
    return {
        record,
        written: { type: 'object', properties: { ...message, data: record } },
        removed: { type: 'object', properties: { ...message, data: { type: 'object', properties: { id: { type: 'integer' } } } } },
        bodyProperties: {
            ...def.fields,
            ...def.ignored,
            ...Object.fromEntries((def.images ?? []).map((field) => [field, imageField])),
            ...gallery?.body,
        },
    };
}
