import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import type { Description } from './describe';
import { Gallery } from './gallery';
import type { EntityHooks } from './hooks';
import type { AnyDb, AnySelect, Row } from './rows';
import { notFound } from '../infra/errors';

/** What every step of an entity's reads and writes works from, made once per entity. */
export interface EntityParts {
    app: FastifyInstance;
    db: AnyDb;
    entity: EntitySchema;
    described: Description;
    registry: Registry;
    hooks: EntityHooks;
    table: string;
    gallery?: Gallery;
    /** `table.name`, for SQL that joins. */
    column(name: string): string;
    /** Rows with the display names of what they reference joined in (`categoryName`). */
    select(): AnySelect;
    /** One row as `select` reads it; 404 with the entity's message when there is none. */
    find(id: number): Promise<Row>;
}

export function entityParts(app: FastifyInstance, entity: EntitySchema, described: Description, registry: Registry, hooks: EntityHooks = {}): EntityParts {
    const db = app.db as unknown as AnyDb;
    const { table } = entity;
    const column = (name: string) => `${table}.${name}`;
    const select = () => joinedSelect(db, table, described, column);
    return {
        app,
        db,
        entity,
        described,
        registry,
        hooks,
        table,
        gallery: described.gallery && new Gallery(described.gallery, entity.noun[0]),
        column,
        select,
        async find(id) {
            const row = await select().where(sql.ref(column('id')), '=', id).executeTakeFirst();
            if (!row) throw notFound(entity.messages.notFound);
            return row;
        },
    };
}

/** The entity's rows, each reference with a `display` joined in under its alias (inner join when required). */
function joinedSelect(db: AnyDb, table: string, described: Description, column: (name: string) => string): AnySelect {
    let query = db.selectFrom(table).selectAll(table) as AnySelect;
    for (const { name, field, target } of described.references) {
        if (!field.display) continue;
        const alias = `${name}Ref`;
        const on = [`${alias}.id`, column(name)] as const;
        query = (field.required ? query.innerJoin(`${target.table} as ${alias}`, ...on) : query.leftJoin(`${target.table} as ${alias}`, ...on))
            .select(`${alias}.${field.display.field} as ${field.display.as}`) as AnySelect;
    }
    return query;
}
