// Not run again on PostgreSQL: alt texts through plain Kysely writes.
// Alt texts per picture and "make main picture", sent with the rest of the product in one request.
import { describe, expect, it } from 'vitest';
import { form, PNG } from './helpers';
import { adminApp, apples, catalogueBasics } from './catalogue';

const MAIN_ALT = 'Please describe the main picture in a few words (its alt text), for people who cannot see it';

async function productWithGallery(count: number, extra: Record<string, unknown> = {}) {
    const t = await adminApp();
    await catalogueBasics(t.call);
    const created = await t.call('POST', '/api/products', form({ ...apples, images: Array.from({ length: count }, () => PNG), ...extra }));
    expect(created.statusCode).toBe(201);
    return { ...t, product: created.json().data as { image: string | null; images: string[]; imagesAlt: string[]; imageAlt: string | null } };
}

describe('alt texts', () => {
    it('stores one alt text per picture, in the gallery order, with the main picture\'s, multipart or JSON', async () => {
        const { call, product } = await productWithGallery(2, { image: PNG, imageAlt: 'Red apples in a crate', imagesAlt: ['Apple, cut', ''] });
        expect(product).toMatchObject({ imageAlt: 'Red apples in a crate', imagesAlt: ['Apple, cut', ''] });
        const [a, b] = product.images;

        const moved = await call('POST', '/api/products/1', { imagesOrder: [b, a], imagesAlt: ['Apple leaf', 'Apple, cut '] });
        expect(moved.statusCode).toBe(200);
        expect((await call('GET', '/api/products/1')).json()).toMatchObject({ images: [b, a], imagesAlt: ['Apple leaf', 'Apple, cut'] });

        const withNew = await call('POST', '/api/products/1', form({ images: PNG, imagesAlt: ['Leaf', 'Cut', 'Basket'] }));
        expect(withNew.json().data.imagesAlt).toEqual(['Leaf', 'Cut', 'Basket']);
    });

    it('keeps the alt texts when none are sent, and refuses a count that does not match the pictures', async () => {
        const { call, product } = await productWithGallery(2, { imagesAlt: ['One', 'Two'] });
        await call('POST', '/api/products/1', form({ name: 'Green apples' }));
        expect((await call('GET', '/api/products/1')).json().imagesAlt).toEqual(['One', 'Two']);
        const res = await call('POST', '/api/products/1', { imagesAlt: ['Only one'], removeImages: [] });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.imagesAlt).toBe('imagesAlt gives 1 alt texts for the 2 pictures of the gallery after this save; send one per picture, in order');
        expect((await call('GET', '/api/products/1')).json().images).toEqual(product.images);
    });

    it('requires the main picture\'s alt text when the save sends it, with a clear 400', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        const blank = await t.call('POST', '/api/products', form({ ...apples, image: PNG, imageAlt: ' ' }));
        expect(blank.statusCode).toBe(400);
        expect(blank.json().errors).toEqual({ imageAlt: MAIN_ALT });
        // The older edit screen sends no alt text at all: its picture is taken as before.
        expect((await t.call('POST', '/api/products', form({ ...apples, image: PNG }))).statusCode).toBe(201);
        const emptied = await t.call('POST', '/api/products/1', form({ imageAlt: '' }));
        expect(emptied.statusCode).toBe(400);
        expect(emptied.json().message).toBe(MAIN_ALT);
    });
});

describe('make main picture', () => {
    it('swaps a gallery picture with the main one, alt texts and all, in one request with the order', async () => {
        const { call, product } = await productWithGallery(3, { image: PNG, imageAlt: 'Crate', imagesAlt: ['A', 'B', 'C'] });
        const main = product.image!;
        const [a, b, c] = product.images;
        const res = await call('POST', '/api/products/1', form({ makeMain: b, imagesOrder: [c, main, a] }));
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ image: b, imageAlt: 'B', images: [c, main, a], imagesAlt: ['C', 'Crate', 'A'] });
        // Both files stay: each only changed places.
        for (const path of [main, b]) expect((await call('GET', path)).statusCode).toBe(200);
        const history = (await call('GET', '/api/activity?entity=products&sort=id&order=DESC')).json()[0];
        expect(history.changes.image).toEqual({ before: main, after: b });
    });

    it('moves the picture out of the gallery when the product had no main one; the alt text the body sends wins', async () => {
        const { call, product } = await productWithGallery(2, { imagesAlt: ['A', ''] });
        const [a, b] = product.images;
        const res = await call('POST', '/api/products/1', { makeMain: b, imageAlt: 'Basket of apples', imagesAlt: ['A'] });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ image: b, imageAlt: 'Basket of apples', images: [a], imagesAlt: ['A'] });
    });

    it('refuses a picture of no gallery, a main picture without alt text, and a new main file in the same request', async () => {
        const { call, product } = await productWithGallery(2, { image: PNG, imageAlt: 'Crate', imagesAlt: ['A', ''] });
        const [a, b] = product.images;
        const stranger = await call('POST', '/api/products/1', { makeMain: '/uploads/not-ours.png' });
        expect(stranger.statusCode).toBe(400);
        expect(stranger.json().errors).toEqual({ makeMain: '/uploads/not-ours.png is not a picture of this gallery; reload the page and try again' });
        const undescribed = await call('POST', '/api/products/1', { makeMain: b });
        expect(undescribed.statusCode).toBe(400);
        expect(undescribed.json().errors).toEqual({ imageAlt: MAIN_ALT });
        const both = await call('POST', '/api/products/1', form({ makeMain: a, image: PNG }));
        expect(both.statusCode).toBe(400);
        expect(both.json().errors).toEqual({ makeMain: 'Send either a new image or makeMain, not both' });
        expect((await call('GET', '/api/products/1')).json()).toMatchObject({ image: product.image, images: [a, b] });
    });
});
