// What makes the OpenAPI document type well in a generated client: a named schema per resource, `required` on what
// every answer carries, the list headers, and public operations without the bearer requirement.
import { entities } from '../../schema';
import { resourceNames } from '../engine/routes/resourceNames';
import { registry } from '../../schema/registry';
import { exampleOf } from './openApiExamples';

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Json }>; headers?: Json; description?: string }>; requestBody?: { content?: Record<string, { schema?: Json }> } };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Json> } };

const pascal = (words: string) => words.replace(/(^|[\s_-]+)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

/** Where an entity's noun would name its schema badly or twice (two kinds of page). */
const SCHEMA_NAMES: Record<string, string> = { gst: 'GstRate', pagecontent: 'PageContent', managepage: 'ManagedPage', settings: 'Settings' };

/** Each schema entity's record name (`Product`) and the `/api/v1` names it answers under. */
const named = () => {
    const known = registry(entities);
    return entities.map((entity) => ({ name: SCHEMA_NAMES[entity.name] ?? pascal(entity.noun[0]), resources: resourceNames(entity, known) }));
};

/** The other `/api/v1` resources, whose records are the same wherever they are answered. */
const OTHERS = [
    { name: 'User', resources: ['users'] },
    { name: 'Order', resources: ['orders'] },
    { name: 'ContactMessage', resources: ['contacts'] },
    { name: 'Video', resources: ['videos'] },
    { name: 'Role', resources: ['roles'] },
    { name: 'Deletion', resources: ['deletions'] },
];

const jsonOf = (holder: { content?: Record<string, { schema?: Json }> } | undefined) => holder?.content?.['application/json'];

/** Replaces, everywhere below `node`, a schema equal to one of `known` (by its JSON) with a $ref to its name. */
function referTo(node: unknown, known: Map<string, string>): unknown {
    if (Array.isArray(node)) return node.map((item) => referTo(item, known));
    if (!node || typeof node !== 'object') return node;
    const name = known.get(JSON.stringify(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referTo(value, known)]));
}

const LIST_HEADERS = {
    'X-Total-Count': { description: 'How many rows the list holds (with `after`: from the cursor on)', schema: { type: 'integer' } },
    'Content-Range': { description: 'The rows answered and the total, as ra-data-simple-rest reads it: `items 0-24/319`', schema: { type: 'string' } },
};
const LINK = { Link: { description: 'The next page by cursor, `<…&after=…>; rel="next"`, on a full page sorted by id, updatedAt or createdAt', schema: { type: 'string' } } };

/**
 * The document typed: every resource's record, create body and update body named in `components.schemas` and
 * referred to wherever they are answered or taken; a schema entity's record and the error body with `required`
 * (every field of a record is in every answer, null when empty); the list headers declared.
 */
export function typedDocument<T>(document: T): T {
    const doc = document as Document;
    const schemas: Record<string, Json> = {};
    const paths = doc.paths ?? {};
    const records = new Map<string, string>();
    const entityNames = new Set(named().map(({ name }) => name));
    for (const { name, resources } of [...named(), ...OTHERS]) {
        for (const resource of resources) {
            const list = paths[`/api/v1/${resource}`];
            const item = jsonOf(list?.get?.responses?.['200'])?.schema?.items as Json | undefined;
            if (item && !schemas[name]) {
                schemas[name] = entityNames.has(name) ? { ...item, required: Object.keys((item.properties as Json) ?? {}) } : item;
                records.set(JSON.stringify(item), name);
            }
            for (const [method, suffix] of [['post', 'Create'], ['put', 'Update']] as const) {
                const path = method === 'post' ? `/api/v1/${resource}` : `/api/v1/${resource}/{id}`;
                const body = jsonOf(paths[path]?.[method]?.requestBody);
                if (!body?.schema) continue;
                schemas[`${name}${suffix}`] ??= body.schema;
                body.schema = { $ref: `#/components/schemas/${name}${suffix}` };
            }
        }
    }
    for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
            for (const [status, response] of Object.entries(operation.responses ?? {})) {
                const content = jsonOf(response);
                if (content?.schema) content.schema = referTo(content.schema, records) as Json;
                if (content?.schema && Number(status) >= 400) content.schema = { ...content.schema, required: ['success', 'message', 'error'] };
                const schema = content?.schema;
                const isList = method === 'get' && status === '200' && schema && (schema.type === 'array' || Array.isArray(schema.anyOf));
                if (isList) response.headers = { ...response.headers, ...LIST_HEADERS, ...(path.startsWith('/api/v1/') ? LINK : {}) };
            }
        }
    }
    // Each record, create body and update body an example an integrator can read at a glance, made from its own schema.
    for (const { name } of [...named(), ...OTHERS]) {
        for (const shape of [name, `${name}Create`, `${name}Update`]) if (schemas[shape]) schemas[shape] = { ...schemas[shape], example: exampleOf(schemas[shape]) };
    }
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...schemas } };
    return document;
}
