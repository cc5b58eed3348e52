// Ajv 8 (Redocly's build of it, which the linter above uses): it reads OpenAPI's nullable, as the document writes null.
import Ajv from '@redocly/ajv';
import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { seedDemo } from '../../server/seed/demo';
import { makeApp, signIn } from './helpers';

// The OpenAPI document as a client generator types it: a named schema per resource, required fields that every
// answer really carries (checked against real answers with Ajv), the list headers, and public operations that
// need no token.

type Json = Record<string, unknown>;
type Response = { content?: Record<string, { schema?: Json }>; headers?: Record<string, unknown> };
type Operation = { security?: unknown[]; responses: Record<string, Response>; requestBody?: { content: Record<string, { schema: Json }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

const PUBLIC = [
    ['post', '/api/user_login'],
    ['post', '/api/userverify-otp'],
    ['post', '/api/user_register'],
    ['post', '/api/forgot-password'],
    ['post', '/api/reset-password/{token}'],
    ['post', '/api/contact'],
    ['get', '/api/contact-info'],
    ['get', '/api/health'],
    ['get', '/api/test-checkout/{id}'],
    ['post', '/api/test-checkout/{id}'],
];

const resolve = (doc: Document, schema: Json | undefined): Json | undefined =>
    typeof schema?.$ref === 'string' ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;

describe('the typed OpenAPI document', { timeout: 120_000 }, () => {
    it('names each resource, declares the list headers, and leaves public operations without a token', async () => {
        const { app } = await makeApp();
        await app.ready();
        const doc = app.swagger() as unknown as Document;
        for (const [method, path] of PUBLIC) expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([]);
        expect(doc.paths['/api/v1/products'].get.security).toBeUndefined();

        for (const name of ['Product', 'ProductCreate', 'ProductUpdate', 'Category', 'Attribute', 'User', 'Order', 'Role']) expect(doc.components.schemas, name).toHaveProperty(name);
        const list = doc.paths['/api/v1/products'].get.responses['200'];
        expect(list.content!['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Product' } });
        expect(Object.keys(list.headers!)).toEqual(expect.arrayContaining(['X-Total-Count', 'Content-Range', 'Link']));
        expect(doc.paths['/api/v1/products/{id}'].get.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/Product' });
        expect(doc.paths['/api/v1/products'].post.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ProductCreate' });
        expect(doc.components.schemas.Product.required).toEqual(expect.arrayContaining(['id', 'name', 'price', 'categoryName', 'createdAt', 'updatedAt']));

        let responses = 0;
        let typed = 0;
        for (const operations of Object.values(doc.paths)) {
            for (const operation of Object.values(operations)) {
                for (const response of Object.values(operation.responses ?? {})) {
                    const schema = response.content?.['application/json']?.schema;
                    if (!schema) continue;
                    responses++;
                    const resolved = resolve(doc, schema.type === 'array' ? (schema.items as Json) : schema);
                    if (Array.isArray(resolved?.required) && resolved.required.length) typed++;
                }
            }
        }
        console.log(`response objects with required: ${typed} of ${responses}`);
        expect(typed / responses).toBeGreaterThan(0.8);
    });

    it("validates every resource's real answers against its named schema, required fields included", async () => {
        const t = await makeApp();
        await seedDemo(t.app);
        const headers = await signIn(t);
        const doc = t.app.swagger() as unknown as Document;
        const ajv = new Ajv({ strict: false, allErrors: true });
        for (const entity of entities) {
            const name = Object.entries(doc.components.schemas).find(([, schema]) => schema === resolve(doc, (doc.paths[`/api/v1/${entity.name}`].get.responses['200'].content!['application/json'].schema!.items as Json)))?.[0];
            expect(name, entity.name).toBeTruthy();
            const check = ajv.compile(doc.components.schemas[name!]);
            const res = await t.app.inject({ method: 'GET', url: `/api/v1/${entity.name}?range=[0,99]`, headers });
            for (const record of res.json() as unknown[]) expect(check(record) ? [] : check.errors, `${entity.name}: ${JSON.stringify(record)}`).toEqual([]);
            const first = (res.json() as Array<{ id: number }>)[0];
            if (first) {
                const one = await t.app.inject({ method: 'GET', url: `/api/v1/${entity.name}/${first.id}`, headers });
                expect(check(one.json()) ? [] : check.errors, `${entity.name} ${first.id}`).toEqual([]);
            }
        }
    });
});
