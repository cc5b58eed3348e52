import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownsRow } from '../../../schema/access';
import { accessOf, type Registry } from '../../../schema/registry';
import type { EntitySchema, Operation } from '../../../schema/types';
import type { Description } from '../describe';
import type { Repository } from '../repository';
import type { Row, Values } from '../rows';
import { HttpError } from '../../infra/errors';

export type IdParams = { id: number };

/**
 * The body of a generated write: the entity's fields by name, and `id` where the path has none (its schema then
 * requires it). That schema is built at run time from the entity's, so routes name this type in their generic.
 */
export type WriteBody = Values & IdParams;

/** What every route of one entity is built from. */
export interface RouteParts {
    app: FastifyInstance;
    entity: EntitySchema;
    registry: Registry;
    described: Description;
    store: Repository;
    tags: string[];
    /** The route's `config`: the access the schema gives the operation. */
    config(operation: Operation): { access: ReturnType<typeof accessOf> };
    /** The row a write changes, refused (403) when this caller may not change it. */
    target(request: FastifyRequest, id: number): Promise<Row>;
    /** Why this caller may not change this row, if they may not. */
    notTheirs(request: FastifyRequest, row: Row): string | undefined;
}

export const CONSUMES = ['multipart/form-data', 'application/json'];

export function routeParts(app: FastifyInstance, entity: EntitySchema, registry: Registry, described: Description, store: Repository): RouteParts {
    // When the entity records its creator, a seller changes only the rows they created; administrators change any.
    const notTheirs = (request: FastifyRequest, row: Row) => {
        const user = request.user;
        return user && !ownsRow(entity, user, row) ? `You may change only the ${entity.noun[1]} you created` : undefined;
    };
    return {
        app,
        entity,
        registry,
        described,
        store,
        tags: [entity.tag],
        config: (operation) => ({ access: accessOf(entity, operation) }),
        notTheirs,
        async target(request, id) {
            const existing = await store.find(id);
            const refusal = notTheirs(request, existing);
            if (refusal) throw new HttpError(403, refusal);
            return existing;
        },
    };
}
