import type { FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { idValue } from '../../schemas/common';
import type { Values } from '../rows';

/** The stored record a PUT changes, as the API answers it; undefined when there is none. */
export type ReadStored = (id: number, request: FastifyRequest) => Promise<Values | undefined>;

/**
 * A preValidation hook that cuts a PUT body down to the fields it may write whose values differ from the stored
 * record. A stock client sends the whole record back (id, timestamps, joined names, blanks it never touched);
 * those are not writes, so they neither fail the body's checks nor leave an audit line. An id the path does not
 * hold as a whole number, or a record that is not there, is left to the schema and the handler to refuse.
 */
export function changesOnly(read: ReadStored, writable: string[]) {
    return async (request: FastifyRequest) => {
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
        const id = Number((request.params as { id: string }).id);
        if (!Number.isSafeInteger(id) || id < 1 || id > idValue.maximum) return;
        const stored = await read(id, request).catch(() => undefined);
        const sent = body as Values;
        const changes = Object.fromEntries(
            writable.filter((field) => sent[field] !== undefined && !(stored && isDeepStrictEqual(sent[field], stored[field]))).map((field) => [field, sent[field]]),
        );
        request.body = changes;
    };
}
