// Not run again on PostgreSQL: the document and its examples, validated before any SQL.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import Ajv from '@redocly/ajv';
import { operationId } from '../../server/infra/operationId';
import { form, makeApp, PNG, signIn } from './helpers';

// The OpenAPI document as client generators and Redocly's linter read it: every operation named once and
// summarised, a server and a licence, and no error under Redocly's recommended rules.

type Operation = { operationId?: string; summary?: string };
type Document = { servers?: unknown[]; info: { license?: { name: string } }; paths: Record<string, Record<string, Operation>> };

async function document(): Promise<Document> {
    const { app } = await makeApp();
    await app.ready();
    return app.swagger() as unknown as Document;
}

describe('the OpenAPI document', () => {
    it('names and summarises every operation, each name once', async () => {
        const doc = await document();
        const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ at: `${method} ${path}`, ...op })));
        expect(operations.length).toBeGreaterThan(100);
        expect(operations.filter((op) => !op.operationId || !op.summary).map((op) => op.at)).toEqual([]);
        expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
        expect(doc.paths['/api/categories/{id}'].get.operationId).toBe('getCategoriesById');
        expect(doc.paths['/api/categories'].get.summary).toBe('List categories');
        expect(doc.servers).toHaveLength(1);
        expect(doc.info.license?.name).toBeTruthy();
    });

    it("has no error under Redocly's recommended rules", async () => {
        const doc = await document();
        const config = await createConfig({ extends: ['recommended'] });
        const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
        const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
        expect(errors).toEqual([]);
    });
});

describe('operationId', () => {
    it('reads method and path in camel case, parameters as By<Name>', () => {
        expect(operationId('GET', '/api/categories/:id')).toBe('getCategoriesById');
        expect(operationId('POST', '/api/user_login')).toBe('postUserLogin');
        expect(operationId('DELETE', '/api/get-pagecontent/:id')).toBe('deleteGetPagecontentById');
        expect(operationId('GET', '/uploads/:name')).toBe('getUploadsByName');
        expect(operationId('POST', '/api/products/toggleProductStatus/:id')).toBe('postProductsToggleProductStatusById');
    });
});

describe('the examples of the OpenAPI document', () => {
    it('give every named record a realistic example that is valid against its own schema', async () => {
        const doc = (await document()) as unknown as { components: { schemas: Record<string, { example?: unknown }> } };
        const ajv = new Ajv({ strict: false, allErrors: true });
        const records = ['Product', 'Category', 'GstRate', 'Coupon', 'Order', 'User', 'Video', 'ContactMessage', 'Deletion', 'Activity', 'DeliverySlot'];
        for (const name of records) {
            const schema = doc.components.schemas[name];
            expect(schema, name).toBeDefined();
            expect(schema.example, name).toBeDefined();
            const { example, ...rest } = schema;
            const valid = ajv.validate(rest, example);
            expect(valid, `${name}: ${ajv.errorsText()}`).toBe(true);
        }
        const every = Object.entries(doc.components.schemas).filter(([, schema]) => schema.example !== undefined);
        for (const [name, { example, ...rest }] of every) expect(ajv.validate(rest, example), `${name}: ${ajv.errorsText()}`).toBe(true);
        expect(every.length).toBeGreaterThanOrEqual(20);
        // In a grocer's words, amounts in rupees.
        expect(doc.components.schemas.Product.example).toMatchObject({ name: 'Shimla Apples 1 kg', price: 189 });
        expect((doc.components.schemas.Activity.example as { changes: unknown }).changes).toEqual({ price: { before: 78, after: 79 } });
    });

    it('gives the create and update bodies examples the API takes as they stand', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        await t.app.ready();
        const schemas = (t.app.swagger() as unknown as { components: { schemas: Record<string, { example?: Record<string, unknown> }> } }).components.schemas;
        // A picture is an upload's url, which an example can only show: each is sent as a picture uploaded here.
        const upload = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers, payload: form({ file: PNG }) });
        const uploaded = (value: unknown): unknown =>
            typeof value === 'string' && value.includes('/uploads/') ? upload.json().url : Array.isArray(value) ? value.map(uploaded) : value;
        const sendable = (example: Record<string, unknown>) => Object.fromEntries(Object.entries(example).map(([key, value]) => [key, uploaded(value)]));
        const sent: string[] = [];
        // On an empty shop, in an order where each example's references (`categoryId: 1`, …) are the rows made before.
        const resources = [['categories', 'Category'], ['subcategories', 'Subcategory'], ['attributes', 'Attribute'], ['gsts', 'GstRate'], ['coupons', 'Coupon'], ['products', 'Product']] as const;
        for (const [resource, name] of resources) {
            const made = await t.app.inject({ method: 'POST', url: `/api/v1/${resource}`, headers, payload: sendable(schemas[`${name}Create`].example!) });
            expect(made.statusCode, `${name}Create: ${made.body}`).toBe(201);
            const changed = await t.app.inject({ method: 'PUT', url: `/api/v1/${resource}/${made.json().id}`, headers, payload: sendable(schemas[`${name}Update`].example!) });
            expect(changed.statusCode, `${name}Update: ${changed.body}`).toBe(200);
            sent.push(name);
        }
        expect(sent).toHaveLength(resources.length);
    });

    it('documents the page caps: 1000 rows a list page, 100 webhook deliveries a page', async () => {
        const doc = (await document()) as unknown as { paths: Record<string, Record<string, { description?: string; parameters?: Array<{ name: string; description?: string; schema: { maximum?: number } }> }>> };
        const deliveries = doc.paths['/api/webhooks/{id}/deliveries'].get;
        expect(deliveries.description).toContain('At most 100 deliveries a page');
        expect(deliveries.parameters!.find((one) => one.name === 'perPage')!.schema.maximum).toBe(100);
        const products = doc.paths['/api/v1/products'].get.parameters!;
        expect(products.find((one) => one.name === 'limit')!.description).toContain('at most 1000');
    });
});
