// Fastify compiles schemas with its own Ajv instance; our keyword plugins need only this much of it.
export interface KeywordHost {
    addKeyword(definition: Record<string, unknown>): unknown;
}

/** Schemas may carry `x-message`: the sentence a client sees when that field is wrong. */
export const messageKeyword = (ajv: KeywordHost) => ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
