import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { storageKey } from '../../server/infra/storage';
import { ROLE } from '../../schema/access';
import { form, makeApp, PNG, signIn, type TestApp } from './helpers';

// Pictures in the v1 shape: POST /api/v1/uploads answers {url}; a record's image and gallery fields take
// such urls (a copy each), refuse anyone else's, and an upload no record claims is swept.

async function served(): Promise<TestApp & { origin: string; base: string }> {
    const t = await makeApp();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...t, origin, base: `${origin}/api/v1` };
}

function providerFor(base: string, authorization: string): DataProvider {
    const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: authorization } });
    return simpleRestProvider(base, httpClient);
}

async function upload(base: string, authorization: string, bytes: Buffer = PNG): Promise<{ status: number; body: { url?: string; message?: string } }> {
    const response = await fetch(`${base}/uploads`, { method: 'POST', headers: { authorization }, body: form({ file: bytes }) });
    return { status: response.status, body: await response.json() };
}

const nameOf = (url: string) => url.slice('/uploads/'.length);

async function basics(admin: DataProvider) {
    await admin.create('categories', { data: { name: 'Fruit', description: 'Fresh' } });
    await admin.create('subcategories', { data: { categoryId: 1, name: 'Apples' } });
    await admin.create('attribute', { data: { name: 'Weight', value: '1 kg' } });
    await admin.create('gst', { data: { type: 'IGST', description: 'Five', percent: 5 } });
}

const product = (n: number, pictures: Record<string, unknown>) => ({
    name: `Apples ${n}`,
    description: 'Crisp',
    categoryId: 1,
    subcategoryId: 1,
    attributeId: 1,
    gstId: 1,
    price: 120,
    ...pictures,
});

describe('/api/v1 pictures', () => {
    it('takes an upload by its url, a copy for each record that names it, and serves it', async () => {
        const t = await served();
        const { authorization } = await signIn(t);
        const admin = providerFor(t.base, authorization);
        await basics(admin);
        const sent = await upload(t.base, authorization);
        expect(sent.status).toBe(201);
        expect(sent.body.url).toMatch(/^\/uploads\/[\w-]+\.png$/);
        const url = sent.body.url!;

        // Two records claim the same upload at once: each gets a file of its own.
        const [banner, category] = await Promise.all([
            admin.create('banners', { data: { name: 'Diwali', description: 'Offers', image: url } }),
            admin.update('categories', { id: 1, data: { name: 'Fruit', image: `${t.origin}${url}` }, previousData: { id: 1 } }),
        ]);
        expect(banner.data.image).toMatch(/^\/uploads\//);
        expect(category.data.image).toMatch(/^\/uploads\//);
        expect(new Set([banner.data.image, category.data.image, url]).size).toBe(3);
        await admin.delete('banners', { id: banner.data.id });
        expect((await t.app.inject({ url: category.data.image })).statusCode).toBe(200);
        expect((await t.app.inject({ url: banner.data.image })).statusCode).toBe(404);

        // A product's picture and gallery; then the gallery as a new list: one kept, one removed, one added.
        const [second, third] = [(await upload(t.base, authorization)).body.url!, (await upload(t.base, authorization)).body.url!];
        const made = await admin.create('products', { data: product(1, { image: url, images: [second, third], imagesAlt: ['Green', 'Red'] }) });
        expect(made.data.images).toHaveLength(2);
        expect(made.data.imagesAlt).toEqual(['Green', 'Red']);
        const [keep, drop] = made.data.images as string[];
        const changed = await admin.update('products', { id: made.data.id, data: { ...made.data, images: [keep, url] }, previousData: made.data });
        expect(changed.data.images).toHaveLength(2);
        expect(changed.data.images[0]).toBe(keep);
        expect(changed.data.images[1]).not.toBe(url);
        expect((await t.app.inject({ url: drop })).statusCode).toBe(404);
        expect(changed.data.image).toBe(made.data.image);

        // Emptied, the picture goes.
        const bare = await admin.update('categories', { id: 1, data: { ...category.data, image: null }, previousData: category.data });
        expect(bare.data.image).toBeNull();
        expect((await t.app.inject({ url: category.data.image })).statusCode).toBe(404);
    }, 60_000);

    it("refuses anyone else's pictures, field by field, and what is not a picture", async () => {
        const t = await served();
        const { authorization } = await signIn(t);
        const admin = providerFor(t.base, authorization);
        await basics(admin);
        const foreign = await admin
            .create('products', { data: product(2, { image: 'https://cdn.elsewhere.example/a.png', images: ['/uploads/not-here.png'] }) })
            .catch((error) => error);
        expect(foreign.status).toBe(400);
        expect(foreign.body.errors).toEqual({
            image: expect.stringMatching(/not one of this shop's uploads/),
            images: expect.stringMatching(/not a picture uploaded to this shop/),
        });
        expect((await admin.getList('products', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).total).toBe(0);

        expect((await upload(t.base, authorization, Buffer.from('not a picture at all'))).status).toBe(415);
        const none = await fetch(`${t.base}/uploads`, { method: 'POST', headers: { authorization }, body: form({ other: 'x' }) });
        expect(none.status).toBe(400);
        expect((await none.json()).errors.file).toMatch(/file/);
        const json = await fetch(`${t.base}/uploads`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{}' });
        expect(json.status).toBe(400);

        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        expect((await upload(t.base, seller.authorization)).status).toBe(201);
        const customer = await signIn(t, 'customer@shop.test', ROLE.customer);
        expect((await upload(t.base, customer.authorization)).status).toBe(403);
    }, 60_000);

    it('sweeps an upload that no record claimed', async () => {
        const t = await served();
        const { authorization } = await signIn(t);
        const url = (await upload(t.base, authorization)).body.url!;
        expect(await t.app.storage.head(storageKey('staging', nameOf(url)))).not.toBeNull();
        // The sweep at a start settles everything staged on local disk (hourly, what is older than a request may take).
        const again = await buildApp(t.config, false);
        await again.close();
        expect(await t.app.storage.head(storageKey('staging', nameOf(url)))).toBeNull();
        const admin = providerFor(t.base, authorization);
        const late = await admin.create('categories', { data: { name: 'Late', description: 'Fresh', image: url } }).catch((error) => error);
        expect(late.status).toBe(400);
        expect(late.body.errors.image).toMatch(/upload it again/);
    }, 60_000);
});
