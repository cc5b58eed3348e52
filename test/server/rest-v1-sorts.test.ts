import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { sortableColumns, unsortableColumns } from '../../schema/registry';
import { seedDemo } from '../../server/seed/demo';
import { makeApp, signIn } from './helpers';

// Every column an integrator's list shows sorts, both ways, with ties by id the same way, on every /api/v1
// resource; a sort the list does not take names those it does and those it does not.

type Row = Record<string, unknown> & { id: number };

/** Values compared as the database orders numbers; text is only checked for its ties (collations differ). */
const inOrder = (rows: Row[], column: string) => {
    for (let at = 1; at < rows.length; at++) {
        const [a, b] = [rows[at - 1][column], rows[at][column]];
        if (a === b) expect(rows[at - 1].id, `${column}: a tie follows by id`).toBeLessThan(rows[at].id);
        else if (typeof a === 'number' && typeof b === 'number') expect(a, `${column} ascending`).toBeLessThan(b);
    }
};

describe('sorting every column of /api/v1 lists', { timeout: 120_000 }, () => {
    it('answers every sortable column both ways, the descending list the ascending one backwards', async () => {
        const t = await makeApp();
        await seedDemo(t.app);
        const headers = await signIn(t);
        const list = async (name: string, column: string, order: string) => {
            const res = await t.app.inject({ method: 'GET', url: `/api/v1/${name}?sort=${encodeURIComponent(JSON.stringify([column, order]))}&range=[0,999]`, headers });
            expect(res.statusCode, `${name} by ${column} ${order}: ${res.body}`).toBe(200);
            return res.json() as Row[];
        };
        let checked = 0;
        for (const entity of entities) {
            const columns = sortableColumns(entity);
            expect(columns, entity.name).toEqual(expect.arrayContaining(['id', 'status', 'createdAt', 'updatedAt']));
            for (const column of columns) {
                const up = await list(entity.name, column, 'ASC');
                const down = await list(entity.name, column, 'DESC');
                expect(down.map((row) => row.id), `${entity.name} by ${column}`).toEqual(up.map((row) => row.id).reverse());
                inOrder(up, column);
                checked++;
            }
        }
        expect(checked).toBeGreaterThan(100);
    });

    it('sorts every field a product record answers, but its long text, pictures, joined names and set of attributes', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?range=[0,0]', headers });
        expect(res.statusCode).toBe(200);
        const products = entities.find((entity) => entity.name === 'products')!;
        const answered = Object.keys(recordFields(t, 'products'));
        expect(answered.length).toBeGreaterThan(0);
        const unsorted = unsortableColumns(products);
        expect(unsorted.sort()).toEqual(['attributeIds', 'categoryName', 'description', 'image', 'images', 'imagesAlt', 'subcategoryName'].sort());
        for (const field of answered) expect(sortableColumns(products).includes(field) || unsorted.includes(field), field).toBe(true);
    });

    it('refuses an unknown sort on every resource, naming what it sorts by', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        for (const entity of entities) {
            const res = await t.app.inject({ method: 'GET', url: `/api/v1/${entity.name}?sort=${encodeURIComponent('["nope","ASC"]')}`, headers });
            expect(res.statusCode, entity.name).toBe(400);
            expect(res.json().message, entity.name).toContain(`This list sorts by: ${sortableColumns(entity).join(', ')}`);
        }
        for (const name of ['users', 'contacts', 'videos', 'orders']) {
            const res = await t.app.inject({ method: 'GET', url: `/api/v1/${name}?sort=${encodeURIComponent('["nope","ASC"]')}`, headers });
            expect(res.statusCode, name).toBe(400);
            expect(res.json().message, name).toMatch(/sort(s|ed) by:? \w+/);
        }
    });
});

/** The fields of an entity's record, as the OpenAPI document names the record its list answers. */
function recordFields({ app }: { app: { swagger: () => unknown } }, name: string): Record<string, unknown> {
    type Schema = { $ref?: string; properties?: Record<string, unknown> };
    const document = app.swagger() as { components: { schemas: Record<string, Schema> }; paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: { items: Schema } }> }> } }> };
    const items = document.paths[`/api/v1/${name}`].get!.responses['200'].content['application/json'].schema.items;
    return (items.$ref ? document.components.schemas[items.$ref.split('/').pop()!] : items).properties!;
}
