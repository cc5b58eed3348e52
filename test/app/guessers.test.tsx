import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import simpleRestProvider from 'ra-data-simple-rest';
import { Admin, EditGuesser, fetchUtils, ListGuesser, Resource, ShowGuesser, TestMemoryRouter, type DataProvider, type RaRecord } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';

import { entities } from '../../schema';
import { registry, writableFields } from '../../schema/registry';
import { resourceNames } from '../../server/engine/routes/resourceNames';
import { databaseUrl, PNG, signIn, type TestApp } from '../server/helpers';
import { orderShop, placed } from '../server/orderShop';
import { prepareTemplates } from '../server/templateDatabase';

// An outsider's react-admin over /api/v1: the stock ra-data-simple-rest provider, unmodified, and nothing but
// react-admin's guessers. Every resource lists, shows and edits with no reference in error, and an edit saves.

configure({ asyncUtilTimeout: 10_000 });

type Served = TestApp & { base: string; authorization: string; provider: DataProvider };
type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/** The integrator's http client: the stock fetchJson with the administrator's bearer token. */
const withBearer = (authorization: string) => (url: string, options: fetchUtils.Options = {}) =>
    // jsdom's AbortSignal is not the one Node's fetch takes; a browser's is, so only the test leaves it out.
    fetchUtils.fetchJson(url, { ...options, signal: undefined, user: { authenticated: true, token: authorization } });

/** One file as a multipart body (built here: jsdom's FormData is not one Node's fetch or Fastify's inject sends). */
function multipart(name: string, filename: string, type: string, bytes: Buffer) {
    const boundary = '----guessers-test';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A file posted as an integrator posts it; the answer's JSON. */
async function posted(t: TestApp, authorization: string, url: string, body: ReturnType<typeof multipart>) {
    const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization } });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
    return res.json();
}

/**
 * A shop with a row in every resource: the order shop's catalogue, customers, a seller and an order (which
 * refers to a customer), then, through the stock provider, the content, coupons' neighbours and a slot.
 */
async function everyResource(): Promise<Served> {
    const shop = await orderShop();
    await placed(shop.asha);
    const base = `${await shop.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
    const { authorization } = await signIn(shop);
    const provider = simpleRestProvider(base, withBearer(authorization));
    const image = async () => (await posted(shop, authorization, '/api/v1/uploads', multipart('file', 'tile.png', 'image/png', PNG))).url as string;
    await provider.create('banners', { data: { name: 'Diwali', description: 'Offers on sweets', image: await image() } });
    await provider.create('pagecategories', { data: { name: 'Help', description: 'Help pages' } });
    await provider.create('pagecontent', { data: { pageCategoryId: 1, title: 'About us', description: '<p>Since 1999</p>', image: await image() } });
    await provider.create('managepage', { data: { selectCategory: 'Help', pageName: 'Returns', description: '<p>Seven days</p>', image: await image() } });
    await provider.create('deliverySlots', { data: { name: 'Evening', startTime: '18:00', endTime: '20:00', capacity: 20, cutoffMinutes: 60 } });
    await provider.create('settings', { data: { website: 'https://shop.example.in', hours: '9 to 9' } });
    const contact = { name: 'Meera', email: 'meera@example.in', contactNo: '9876543210', subject: 'Delivery', message: 'When do you deliver?' };
    await provider.create('contacts', { data: contact });
    // One message read: a column of zeros alone is guessed a date (react-admin takes any falsy value for one).
    const { data: read } = await provider.create('contacts', { data: { ...contact, name: 'Arjun' } });
    await provider.update('contacts', { id: read.id, data: { read: 1 }, previousData: read });
    // A video's row as its upload leaves it: the upload route reads the file's type with file-type, which takes
    // Node's Uint8Array and is handed jsdom's here; its own test (rest-v1-people) uploads one.
    const now = new Date().toISOString();
    await shop.app.db.insertInto('videos').values({ filename: 'farm.mp4', storedName: 'farm.mp4', size: 424, tags: 'farm', mimeType: 'video/mp4', createdBy: 1, createdAt: now, updatedAt: now }).execute();
    return { ...shop, base, authorization, provider };
}

/** Every resource /api/v1 reads by id, from the server's own OpenAPI document, and whether it takes a PUT. */
async function v1Resources(s: Served): Promise<V1Resource[]> {
    const doc = (await (await fetch(`${s.base.replace(/\/v1$/, '')}/docs/json`)).json()) as OpenApi;
    return Object.entries(doc.paths).flatMap(([path, operations]) => {
        const name = /^\/api\/v1\/([^/]+)\/\{id\}$/.exec(path)?.[1];
        return name && operations.get ? [{ name, editable: Boolean(operations.put?.responses?.['200']) }] : [];
    });
}

/** What an edit changes: the schema's first plain text field, else its first amount; a hand-written resource's own. */
const HAND_WRITTEN_EDIT: Record<string, string> = { users: 'status', videos: 'filename', contacts: 'read' };
function editedField(resource: string): string | undefined {
    const entity = entities.find((e) => resourceNames(e, registry(entities)).includes(resource));
    if (!entity) return HAND_WRITTEN_EDIT[resource];
    const plain = writableFields(entity).filter(([, field]) => !field.check && !field.pattern && !field.choicesFrom && !field.keeps);
    const ofType = (...types: string[]) => plain.find(([, field]) => types.includes(field.type))?.[0];
    return ofType('text') ?? ofType('longText') ?? ofType('money', 'integer');
}

/** A new value of the same kind: text gains a word, a number another value (a status or a read flag flips). */
const changedValue = (value: unknown) => (typeof value === 'number' ? String(value <= 1 ? 1 - value : value + 1) : `${value} (edited)`);

/** An outsider's admin: every resource with react-admin's guessers, at `path`. */
function renderAdmin(s: Served, resources: V1Resource[], path: string) {
    // A save answers at once (pessimistic), so the test reads the server's copy when the form is done with it.
    const PessimisticEdit = () => <EditGuesser mutationMode="pessimistic" />;
    return render(
        <TestMemoryRouter initialEntries={[path]}>
            <Admin dataProvider={s.provider}>
                {resources.map(({ name, editable }) => (
                    <Resource key={name} name={name} list={ListGuesser} show={ShowGuesser} edit={editable ? PessimisticEdit : undefined} />
                ))}
            </Admin>
        </TestMemoryRouter>
    );
}

/** Once every reference on the screen is settled (no progress bar), none shows react-admin's error icon. */
async function referencesSettle(container: HTMLElement, what: string) {
    await waitFor(() => expect(container.querySelector('.MuiLinearProgress-root'), what).toBeNull());
    const errors = [...container.querySelectorAll('[data-testid="ErrorIcon"]')].map((icon) => icon.parentElement?.textContent);
    expect(errors, `${what}: references in error`).toEqual([]);
    expect([...container.querySelectorAll('[aria-invalid="true"]')].map((input) => input.getAttribute('name')), `${what}: inputs in error`).toEqual([]);
}

describe('react-admin guessers over /api/v1 with the stock ra-data-simple-rest', () => {
    beforeAll(() => prepareTemplates(databaseUrl), 60_000);

    // Three parts, each on a shop of its own, so none outlasts its timeout on a busy machine: together every resource.
    const PARTS = 3;
    it.each([1, 2, 3])('lists, shows and edits every resource with no reference in error, and each edit saves (part %i of 3)', async (part) => {
        const s = await everyResource();
        const resources = await v1Resources(s);
        const names = resources.map((r) => r.name);
        for (const entity of entities) expect(names, entity.name).toEqual(expect.arrayContaining(resourceNames(entity, registry(entities))));
        expect(names).toEqual(expect.arrayContaining(['users', 'roles', 'customers', 'orders', 'contacts', 'videos']));

        const size = Math.ceil(resources.length / PARTS);
        const failures: string[] = [];
        for (const { name, editable } of resources.slice((part - 1) * size, part * size)) {
            try {
                await guessed(s, resources, name, editable);
            } catch (error) {
                failures.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
                cleanup();
            }
        }
        expect(failures).toEqual([]);
    }, 100_000);
});

type V1Resource = { name: string; editable: boolean };

/** The list, the show and (where the API takes a PUT) the edit of one resource, each as the guessers make it. */
async function guessed(s: Served, resources: V1Resource[], name: string, editable: boolean) {
    const { data: rows } = await s.provider.getList(name, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(rows.length, `${name} has a row`).toBeGreaterThan(0);
    // The last row of the first page: for users, not the signed-in administrator, who may not change their own.
    const record: RaRecord = rows[rows.length - 1];

    const list = renderAdmin(s, resources, `/${name}`);
    await waitFor(() => expect(list.container.querySelectorAll('tbody tr').length, `${name} list`).toBe(rows.length));
    await referencesSettle(list.container, `${name} list`);
    cleanup();

    const show = renderAdmin(s, resources, `/${name}/${record.id}/show`);
    await waitFor(() => expect(show.container.querySelectorAll('.ra-field').length, `${name} show`).toBeGreaterThan(0));
    await referencesSettle(show.container, `${name} show`);
    cleanup();

    if (editable) await edited(s, resources, name, record);
}

/** The guessed edit form of `record`: no reference in error, and a change to one field reaches the server. */
async function edited(s: Served, resources: V1Resource[], name: string, record: RaRecord) {
    const field = editedField(name);
    expect(field, `${name}: a field to change`).toBeDefined();
    const edit = renderAdmin(s, resources, `/${name}/${record.id}`);
    const inputOf = (source: string) =>
        waitFor(() => {
            const found = edit.container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${source}"]`);
            expect(found, `${name} edit: the ${source} input`).not.toBeNull();
            expect(found!.value).toBe(String(record[source] ?? ''));
            return found!;
        });
    const input = await inputOf(field!);
    await referencesSettle(edit.container, `${name} edit`);
    const save = screen.getByRole('button', { name: 'Save' });
    if (name === 'users') {
        // A user's name is theirs to change: the form hears so, rather than "saved" over a name the server dropped.
        fireEvent.change(await inputOf('name'), { target: { value: 'Renamed' } });
        await waitFor(() => expect(save).toBeEnabled());
        fireEvent.click(save);
        expect(await screen.findByText(/theirs to change in their profile/)).toBeInTheDocument();
        expect((await s.provider.getOne(name, { id: record.id })).data.name).toBe(record.name);
        fireEvent.change(await waitFor(() => edit.container.querySelector('[name="name"]')!), { target: { value: record.name } });
    }
    const changed = changedValue(record[field!]);
    fireEvent.change(input, { target: { value: changed } });
    await waitFor(() => expect(save, `${name} edit: Save`).toBeEnabled());
    fireEvent.click(save);
    await waitFor(async () => expect(String((await s.provider.getOne(name, { id: record.id })).data[field!]), `${name} saved`).toBe(changed));
    cleanup();
}
