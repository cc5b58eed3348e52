/**
 * An object schema's `additionalProperties` that refuses any key it does not name, with a sentence that names the
 * key (`{name}` stands for it, see fieldErrors) and what the object does take. A schema rather than `false`: Fastify's
 * Ajv runs with `removeAdditional`, which would drop a `false`-refused key silently, the very thing this refuses.
 */
export const refuseUnknown = (sentence: string) => ({ not: {}, 'x-message': sentence });

/** Whether an Ajv error is refuseUnknown's, whose sentence then names the key. */
export const isUnknownKey = (schemaPath: string | undefined) => schemaPath?.endsWith('/additionalProperties/not') ?? false;
