import type { KeywordHost } from './keywords';
import { MAX_INTEGER } from './common';

/**
 * Every number a client sends must be finite, and an integer must fit the databases' 32-bit
 * columns unless its schema sets its own bounds: `1e400` reads as Infinity, which JSON Schema's
 * `integer` lets through. Applied once to every schema Fastify compiles (params, query, body,
 * headers), so no route can forget it.
 */
export function finiteNumbers(ajv: KeywordHost & { compile: (schema: unknown, meta?: boolean) => unknown }) {
    const validate: ((bounded: boolean, data: unknown) => boolean) & { errors?: object[] } = (bounded, data) => {
        if (typeof data !== 'number') return true;
        const ok = Number.isFinite(data) && (!bounded || Math.abs(data) <= MAX_INTEGER);
        validate.errors = ok ? [] : [{ keyword: 'x-finite', message: bounded ? `must be a whole number between -${MAX_INTEGER} and ${MAX_INTEGER}` : 'must be a finite number', params: {} }];
        return ok;
    };
    // No `type: 'number'` here: Ajv runs a number keyword only on finite numbers, and a query or path
    // value coerced from the text "1e400" or "Infinity" becomes Infinity after the type check, which
    // then skips `maximum` too. Untyped, the keyword sees the coerced value and refuses it.
    ajv.addKeyword({ keyword: 'x-finite', schemaType: 'boolean', errors: true, validate });
    const compile = ajv.compile.bind(ajv);
    ajv.compile = (schema: unknown, meta?: boolean) => compile(withFiniteNumbers(schema), meta);
    return ajv;
}

const isNumberType = (type: unknown) => type === 'number' || type === 'integer' || (Array.isArray(type) && type.some(isNumberType));

const VALUE_KEYS = new Set(['enum', 'const', 'default', 'examples', 'example']);
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/** A copy of the schema with `x-finite` beside every numeric type (true: also 32-bit bounds, for integers without their own). */
export function withFiniteNumbers(schema: unknown, names = false): unknown {
    if (Array.isArray(schema)) return schema.map((item) => withFiniteNumbers(item));
    if (!schema || typeof schema !== 'object') return schema;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
        // In a map of names every value is a schema; elsewhere `enum`, `const`… hold values, not schemas.
        copy[key] = !names && VALUE_KEYS.has(key) ? value : withFiniteNumbers(value, !names && NAME_MAPS.has(key));
    }
    const node = schema as Record<string, unknown>;
    if (!names && isNumberType(node.type) && !('x-finite' in node)) {
        const integer = node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer') && !node.type.includes('number'));
        copy['x-finite'] = integer && (node.maximum === undefined || node.minimum === undefined);
    }
    return copy;
}
