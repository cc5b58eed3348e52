// Bad requests generated from the API's own OpenAPI document, for the bounded fuzz test
// (test/server/fuzz.test.ts) and the larger run (npm run fuzz). No vitest here: the script imports it too.
import type { FastifyInstance } from 'fastify';

/** A small seeded PRNG (mulberry32): the same seed gives the same requests, so a failure can be replayed. */
export function prng(seed: number) {
    let state = seed >>> 0;
    const next = () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return {
        next,
        int: (max: number) => Math.floor(next() * max),
        pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
        chance: (p: number) => next() < p,
    };
}
export type Random = ReturnType<typeof prng>;

interface JsonSchema {
    type?: string | string[];
    properties?: Record<string, JsonSchema>;
    required?: string[];
    items?: JsonSchema;
    enum?: unknown[];
    anyOf?: JsonSchema[];
    minimum?: number;
    maximum?: number;
    maxLength?: number;
}

interface Parameter {
    in: 'path' | 'query' | 'header';
    name: string;
    schema?: JsonSchema;
}

interface Operation {
    parameters?: Parameter[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
    paths: Record<string, Record<string, Operation>>;
}

/** One route × method of the document. */
export interface Endpoint {
    method: string;
    /** The documented path, e.g. /api/products/{id}: what failures are reported by. */
    path: string;
    pathParams: string[];
    query: Parameter[];
    /** The body's schema (JSON or the multipart fields), when the route takes one. */
    body?: JsonSchema;
    multipart: boolean;
}

export interface FuzzRequest {
    endpoint: Endpoint;
    /** Which generator made it: reported with a failure. */
    kind: string;
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string | Buffer;
}

export function endpoints(doc: OpenApiDocument): Endpoint[] {
    const list: Endpoint[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(operations)) {
            if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
            const params = op.parameters ?? [];
            const content = op.requestBody?.content ?? {};
            list.push({
                method: method.toUpperCase(),
                path,
                pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
                query: params.filter((p) => p.in === 'query'),
                body: content['application/json']?.schema ?? content['multipart/form-data']?.schema,
                multipart: 'multipart/form-data' in content || /upload|picture/.test(path),
            });
        }
    }
    return list;
}

/** Numbers and ids as an attacker writes them: out of range, not finite, not numbers at all. */
const BAD_NUMBERS = ['1e400', '-1e400', '-1', '0', '99999999999999999999', '2147483648', '9007199254740993', 'NaN', 'Infinity', '-0', '1.5', '0x10', ' 1', '1 ', 'abc', '', 'null', 'true', '[]', '{}', '１', '1e-400', '00000000000000000000001'];
const BAD_STRINGS = ['', ' ', '\u0000', 'a\u0000b', '%00', '\uFFFF', '\uD800', '💩'.repeat(50), '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '__proto__', '%', '%%', '{{7*7}}', 'x'.repeat(10_000)];
/** Values of the wrong JSON type for any field. */
const WRONG_JSON: unknown[] = [null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 1.5, '', 'x', [], [1, 2], {}, { a: { b: [] } }, '\u0000', 'x'.repeat(100_000)];
/** Raw JSON texts a parser must refuse or take without a fault. */
const MALFORMED_JSON = ['{', '{"a":', '}', '[', '{"a":1}}', "{'a':1}", '{"a":1,}', 'nul', 'undefined', 'NaN', '{"a":NaN}', '{"a":1e400}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '\uFEFF{}', '"just a string"', '123', 'null', '[]', '[{}]', `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"a":"${'\\u0000'.repeat(100)}"}`, '{"a":"\\ud800"}'];
const WRONG_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/octet-stream', 'image/png', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x', 'application/json, text/plain', 'invalid', '*/*'];

/** Percent-encodes; a lone surrogate (no UTF-8 exists for it) goes as the bytes of one, which no decoder accepts. */
const encode = (value: string) => value.split(/([\uD800-\uDFFF])/).map((piece, i) => (i % 2 ? '%ED%A0%80' : encodeURIComponent(piece))).join('');

/** A value that the schema accepts (or nearly): the base the mutations start from. */
function plausible(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
    if (!schema || depth > 3) return 'x';
    if (schema.enum?.length) return random.pick(schema.enum);
    if (schema.anyOf?.length) return plausible(schema.anyOf[0], random, depth + 1);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
        case 'integer':
            return Math.max(schema.minimum ?? 1, 1);
        case 'number':
            return 1;
        case 'boolean':
            return true;
        case 'array':
            return [plausible(schema.items, random, depth + 1)];
        case 'object': {
            const out: Record<string, unknown> = {};
            for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = plausible(sub, random, depth + 1);
            return out;
        }
        default:
            return 'Valid text';
    }
}

/** A raw bad value for a field, as JSON source text (so 1e400 and NaN survive to the server). */
function badJsonValue(random: Random): string {
    const choice = random.int(4);
    if (choice === 0) return random.pick(['1e400', '-1e400', '-1', '99999999999999999999999', '2147483648', '1.0000000000000002', '-0', '1e-400']);
    if (choice === 1) return JSON.stringify(random.pick(BAD_STRINGS));
    if (choice === 2) return JSON.stringify(random.pick(WRONG_JSON));
    return JSON.stringify(random.pick(BAD_NUMBERS));
}

function jsonBody(endpoint: Endpoint, random: Random): string {
    const made = plausible(endpoint.body ?? { type: 'object', properties: { name: {} } }, random);
    const base = made && typeof made === 'object' && !Array.isArray(made) ? (made as Record<string, unknown>) : { value: made };
    const mutation = random.int(7);
    if (mutation === 2) return random.pick([JSON.stringify([base]), JSON.stringify([]), JSON.stringify(random.pick(WRONG_JSON))]);
    // Built as source text, so keys like __proto__ and values like 1e400 reach the server as written.
    const entries = Object.entries(base).map(([key, value]) => [key, JSON.stringify(value)] as [string, string]);
    if (mutation === 0 && entries.length) entries.splice(random.int(entries.length), 1);
    if (mutation === 1) entries.push([random.pick(['extra', '__proto__', 'constructor', 'id', 'createdBy', 'roleId', 'x'.repeat(300)]), JSON.stringify(random.pick(WRONG_JSON))]);
    const count = mutation >= 5 ? entries.length : mutation >= 3 ? 1 : 0;
    for (let i = 0; i < count && entries.length; i++) {
        const index = mutation >= 5 ? i : random.int(entries.length);
        entries[index][1] = mutation === 3 ? `[${entries[index][1]}]` : mutation === 4 ? `{"value":${entries[index][1]}}` : badJsonValue(random);
    }
    if (!entries.length) return random.pick(['{"a":1e400}', '{"id":-1}', '{"x":"\\u0000"}', '{}']);
    return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** Multipart bodies that are broken in one of the ways a client (or an attacker) breaks them. */
function badMultipart(endpoint: Endpoint, random: Random): { contentType: string; payload: Buffer } {
    const boundary = `----fuzz${random.int(1e9)}`;
    const fields = Object.keys(endpoint.body?.properties ?? { name: {} });
    const field = fields.length ? random.pick(fields) : 'image';
    const part = (name: string, value: string | Buffer, filename?: string) =>
        Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n${filename !== undefined ? 'Content-Type: image/png\r\n' : ''}\r\n`),
            Buffer.isBuffer(value) ? value : Buffer.from(value),
            Buffer.from('\r\n'),
        ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const whole = Buffer.concat([part(field, random.pick(BAD_NUMBERS)), part('image', Buffer.from('not an image at all'), 'a.png'), end]);
    const type = `multipart/form-data; boundary=${boundary}`;
    switch (random.int(10)) {
        case 0: // truncated mid-part
            return { contentType: type, payload: whole.subarray(0, random.int(whole.length - 10) + 5) };
        case 1: // no boundary in the header
            return { contentType: 'multipart/form-data', payload: whole };
        case 2: // a boundary that the body does not use
            return { contentType: 'multipart/form-data; boundary=other', payload: whole };
        case 3: // zero-byte file with a name
            return { contentType: type, payload: Buffer.concat([part('image', Buffer.alloc(0), 'empty.png'), end]) };
        case 4: // part without a name, or with a broken header
            return { contentType: type, payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}\r\nBroken header line\r\n\r\ny\r\n--${boundary}--\r\n`) };
        case 5: // garbage
            return { contentType: type, payload: Buffer.from(random.pick(MALFORMED_JSON)) };
        case 6: // a field name that reaches the prototype, a repeated field, a very long name
            return { contentType: type, payload: Buffer.concat([part('__proto__', 'x'), part(field, '1'), part(field, '2'), part('n'.repeat(500), 'x'), end]) };
        case 7: // a huge text field value
            return { contentType: type, payload: Buffer.concat([part(field, 'x'.repeat(100_000)), end]) };
        case 8: // only the closing boundary, or nothing at all
            return { contentType: type, payload: random.chance(0.5) ? end : Buffer.alloc(0) };
        default: // every field bad, the file a text file
            return { contentType: type, payload: Buffer.concat([...fields.slice(0, 12).map((name) => part(name, random.pick([...BAD_NUMBERS, ...BAD_STRINGS.slice(0, 12)]))), end]) };
    }
}

function fillPath(endpoint: Endpoint, random: Random, bad: boolean): string {
    return endpoint.path.replace(/\{(\w+)\}/g, () => (bad ? encode(random.pick([...BAD_NUMBERS, ...BAD_STRINGS.slice(0, 12)])) || '%20' : String(random.int(3) + 1)));
}

function badQuery(endpoint: Endpoint, random: Random): string {
    const params = endpoint.query.length ? endpoint.query : [{ name: random.pick(['page', 'id', 'filter', 'x']) } as Parameter];
    const chosen = Array.from({ length: random.int(3) + 1 }, () => random.pick(params));
    const pairs = chosen.flatMap((param) => {
        const values: string[] = [];
        const name = param.name;
        if (name === 'filter') values.push(random.pick(['{', '{"id":[1e400]}', '{"id":"abc"}', '{"status":[null,{}]}', '{"__proto__":{"a":1}}', '[]', 'null', '{"q":"\\u0000"}', '{"nothing":1}', '{"id":[' + '1,'.repeat(5000) + '1]}']));
        else if (name === 'range') values.push(random.pick(['[0,1e400]', '[-1,5]', '[5,1]', '[0]', '{}', '[', '[0,99999999999]', '["a","b"]']));
        else if (name === 'sort') values.push(random.pick(['["__proto__","ASC"]', '["id","SIDEWAYS"]', '["nothing","ASC"]', '[', '"id"', 'id; DROP TABLE users', '["id"]']));
        else if (name === 'order') values.push(random.pick(['SIDEWAYS', '', 'asc;--', 'DESC']));
        else values.push(random.pick([...BAD_NUMBERS, ...BAD_STRINGS.slice(0, 14)]));
        // The same name twice makes an array where one value is expected.
        if (random.chance(0.2)) values.push(random.pick(BAD_NUMBERS));
        return values.map((value) => `${encode(name)}=${encode(value)}`);
    });
    if (random.chance(0.1)) pairs.push(`${'x'.repeat(2000)}=1`, 'a[b][c]=1', '%zz=%zz');
    return pairs.join('&');
}

/**
 * `perEndpoint` bad requests for every documented route × method, from the seed: bad path ids,
 * bad query values, mutated JSON bodies, malformed JSON, wrong content types, malformed multipart.
 */
export function fuzzRequests(doc: OpenApiDocument, { seed, perEndpoint }: { seed: number; perEndpoint: number }): FuzzRequest[] {
    const random = prng(seed);
    const out: FuzzRequest[] = [];
    for (const endpoint of endpoints(doc)) {
        const takesBody = endpoint.method !== 'GET';
        const kinds = ['path', 'query', ...(takesBody ? ['json', 'json', 'json', 'malformed', 'content-type', 'multipart'] : [])].filter(
            (kind) => (kind !== 'path' || endpoint.pathParams.length) && (kind !== 'query' || endpoint.query.length || !takesBody),
        );
        for (let i = 0; i < perEndpoint; i++) {
            const kind = random.pick(kinds);
            const headers: Record<string, string> = {};
            let payload: string | Buffer | undefined;
            let query = '';
            if (kind === 'query') query = badQuery(endpoint, random);
            if (kind === 'json') {
                headers['content-type'] = 'application/json';
                payload = jsonBody(endpoint, random);
            } else if (kind === 'malformed') {
                headers['content-type'] = 'application/json';
                payload = random.pick(MALFORMED_JSON);
            } else if (kind === 'content-type') {
                headers['content-type'] = random.pick(WRONG_TYPES);
                payload = random.pick([JSON.stringify(plausible(endpoint.body, random)), 'a=1&b=2', '<x/>', 'garbage']);
            } else if (kind === 'multipart') {
                const multipart = badMultipart(endpoint, random);
                headers['content-type'] = multipart.contentType;
                payload = multipart.payload;
            } else if (takesBody && random.chance(0.5)) {
                headers['content-type'] = 'application/json';
                payload = jsonBody(endpoint, random);
            }
            const url = fillPath(endpoint, random, kind === 'path' || random.chance(0.1)) + (query ? `?${query}` : '');
            out.push({ endpoint, kind, method: endpoint.method, url, headers, payload });
        }
    }
    return out;
}

/** Who sends the requests: anonymous, or with headers that `renew` replaces when a request ended the session. */
export interface Identity {
    name: string;
    headers: Record<string, string>;
    renew?: () => Promise<Record<string, string>>;
}

export interface FuzzFailure {
    identity: string;
    route: string;
    kind: string;
    url: string;
    status: number;
    body: string;
    payload?: string;
}

export interface FuzzReport {
    sent: number;
    byStatus: Record<number, number>;
    failures: FuzzFailure[];
}

/** Requests that may end or weaken the session they were sent with, so it is renewed after one succeeds. */
const endsSession = (request: FuzzRequest) => /userlogout|\/users\/\{id\}\/(role|toggle-status)|\/profile\/\{id\}\/password/.test(request.endpoint.path);

/** Sends every request as every identity, in order, and counts the answers; a 5xx is a failure. */
export async function runFuzz(app: FastifyInstance, requests: FuzzRequest[], identities: Identity[]): Promise<FuzzReport> {
    const report: FuzzReport = { sent: 0, byStatus: {}, failures: [] };
    // A request that crashes the process is named on the way out: the crash's own stack rarely says which.
    let inFlight = '';
    const nameIt = () => inFlight && console.error(`\nIn flight when the process died: ${inFlight}`);
    process.once('exit', nameIt);
    for (const request of requests) {
        for (const identity of identities) {
            inFlight = JSON.stringify({ identity: identity.name, method: request.method, url: request.url.slice(0, 300), kind: request.kind, headers: request.headers, payload: request.payload === undefined ? undefined : String(request.payload).slice(0, 600) });
            const res = await app.inject({ method: request.method as 'GET', url: request.url, headers: { ...request.headers, ...identity.headers }, payload: request.payload });
            report.sent++;
            report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
            if (res.statusCode >= 500) {
                const payload = request.payload === undefined ? undefined : String(request.payload).slice(0, 300);
                report.failures.push({ identity: identity.name, route: `${request.method} ${request.endpoint.path}`, kind: request.kind, url: request.url.slice(0, 300), status: res.statusCode, body: res.body.slice(0, 300), payload });
            }
            if (identity.renew && res.statusCode < 300 && endsSession(request)) identity.headers = await identity.renew();
        }
    }
    inFlight = '';
    process.off('exit', nameIt);
    return report;
}
