import type { FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { idValue } from '../../http/common';
import { badRequest } from '../../infra/errors';
import type { Values } from '../rows';

/** The stored record a PUT changes, as the API answers it; undefined when there is none. */
export type ReadStored = (id: number, request: FastifyRequest) => Promise<Values | undefined>;

/** The path's id as sent: a preValidation hook runs before the params are checked (and made numbers). */
const sentId = (params: unknown) => Number(typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined);

/**
 * A preValidation hook that cuts a PUT body down to the fields it may write whose values differ from the stored
 * record. A stock client sends the whole record back (id, timestamps, joined names, blanks it never touched);
 * those are not writes, so they neither fail the body's checks nor leave an audit line. A key that is neither
 * written nor answered stays, when the route says which are answered, for the body's schema to refuse by name. An id the path does not hold as a whole
 * number, or a record that is not there, is left to the schema and the handler to refuse.
 * A `kept` field is answered and never written here: sent back as stored it is dropped, but a new value in a record
 * as current as the stored one (same updatedAt, or none sent) is refused with `kept.message`, so an edit form that
 * changed it hears why rather than being told it saved.
 */
export function changesOnly(read: ReadStored, writable: string[], answered?: string[], kept?: { fields: string[]; message: string }) {
    const writes = new Set(writable);
    const ignored = new Set(answered);
    // Without the answered fields, every other key is dropped, as it is for routes whose schema refuses none.
    const keep = (field: string) => writes.has(field) || (answered !== undefined && !ignored.has(field));
    return async (request: FastifyRequest) => {
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
        const id = sentId(request.params);
        if (!Number.isSafeInteger(id) || id < 1 || id > idValue.maximum) return;
        const stored = await read(id, request).catch(() => undefined);
        const changes: Values = {};
        // A record sent back older than the stored one (its updatedAt) differs where someone else wrote: not a change.
        const current = stored !== undefined && sameValue((body as Values).updatedAt, stored.updatedAt);
        const refused = current ? Object.keys(body).filter((field) => kept?.fields.includes(field) && !sameValue((body as Values)[field], stored[field])) : [];
        if (refused.length) throw badRequest(kept!.message, Object.fromEntries(refused.map((field) => [field, kept!.message])));
        for (const [field, value] of Object.entries(body as Values)) {
            if (!keep(field) || value === undefined) continue;
            if (writes.has(field) && stored && isDeepStrictEqual(value, stored[field])) continue;
            changes[field] = value;
        }
        request.body = changes;
    };
}

/** A value sent back as the record had it: an emptied text and a missing value are the same. */
const sameValue = (sent: unknown, stored: unknown) => isDeepStrictEqual(sent ?? '', stored ?? '') || sent === undefined;
