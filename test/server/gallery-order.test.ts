// Not run again on PostgreSQL: every gallery row is renumbered, so row order in the database cannot matter.
// Staff arrange a product's gallery with `imagesOrder`, in the same request as the rest of the
// product, and the activity log keeps the whole gallery before and after so the history can say what moved.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { form, PNG } from './helpers';
import { adminApp, apples, catalogueBasics, type Call } from './catalogue';

async function productWithGallery(count: number) {
    const t = await adminApp();
    await catalogueBasics(t.call);
    const created = await t.call('POST', '/api/products', form({ ...apples, images: Array.from({ length: count }, () => PNG) }));
    return { ...t, images: created.json().data.images as string[] };
}

type Gallery = { before: string[]; after: string[] };
type Line = { action: string; changes: { images?: Gallery } | null };
const galleryLines = async (call: Call) =>
    ((await call('GET', '/api/activity?entity=products&sort=id&order=ASC')).json() as Line[]).map((line) => line.changes?.images as Gallery);

describe('arranging a gallery', () => {
    it('puts the named pictures first, in the order named, multipart or JSON, with the other fields', async () => {
        const { call, images } = await productWithGallery(4);
        const [a, b, c, d] = images;
        const moved = await call('POST', '/api/products/1', form({ name: 'Red apples', imagesOrder: [c, a] }));
        expect(moved.statusCode).toBe(200);
        expect(moved.json().data).toMatchObject({ name: 'Red apples', images: [c, a, b, d] });

        const json = await call('POST', '/api/products/1', { imagesOrder: `${d}, ${c}, ${b}, ${a}` });
        expect(json.json().data.images).toEqual([d, c, b, a]);
        expect((await call('GET', '/api/products/1')).json().images).toEqual([d, c, b, a]);
    });

    it('appends new files after the arranged ones and leaves out the removed ones', async () => {
        const { call, images } = await productWithGallery(3);
        const [a, b, c] = images;
        const res = await call('POST', '/api/products/1', form({ imagesOrder: [c, b, a], removeImages: b, images: PNG }));
        const after: string[] = res.json().data.images;
        expect(after).toHaveLength(3);
        expect(after.slice(0, 2)).toEqual([c, a]);
        expect(images).not.toContain(after[2]);
    });

    it('places files sent now among the stored pictures where the order names them (new:<i>), alt texts in the same order', async () => {
        const { call, images } = await productWithGallery(2);
        const [a, b] = images;
        // Two files told apart by their width: the first part 3 px wide, the second 5.
        const wide = (width: number) => sharp({ create: { width, height: 1, channels: 3, background: '#2a7' } }).png().toBuffer();
        const files = [await wide(3), await wide(5)];
        const res = await call('POST', '/api/products/1', form({ imagesOrder: ['new:1', b, 'new:0'], images: files, imagesAlt: ['second file', 'b', 'first file', 'a'] }));
        expect(res.statusCode).toBe(200);
        const after: string[] = res.json().data.images;
        expect(after[1]).toBe(b);
        expect(after[3]).toBe(a);
        expect(res.json().data.imagesAlt).toEqual(['second file', 'b', 'first file', 'a']);
        const width = async (path: string) => (await sharp((await call('GET', path)).rawPayload).metadata()).width;
        expect([await width(after[0]), await width(after[2])]).toEqual([5, 3]);
        expect((await call('GET', '/api/products/1')).json()).toMatchObject({ images: after, imagesAlt: ['second file', 'b', 'first file', 'a'] });
        expect((await galleryLines(call))[1]).toEqual({ before: [a, b], after });

        // A large first file still being written when a small second one is done keeps its place: parts in the order sent.
        const noisy = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
        for (let round = 0; round < 5; round++) {
            const both = await call('POST', '/api/products/1', form({ images: [noisy, await wide(5)] }));
            expect(both.statusCode, both.body).toBe(200);
            const added: string[] = both.json().data.images.slice(-2);
            expect([await width(added[0]), await width(added[1])], `round ${round}`).toEqual([1400, 5]);
            expect((await call('POST', '/api/products/1', form({ removeImages: added.join(',') }))).statusCode).toBe(200);
        }

        const unknown = await call('POST', '/api/products/1', form({ imagesOrder: ['new:1'], images: PNG }));
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().errors.imagesOrder).toBe('new:1 is not a picture of this gallery; reload the page and arrange it again');
    });

    it('refuses a path that is not a picture of this gallery, and changes nothing', async () => {
        const { call, images } = await productWithGallery(2);
        const res = await call('POST', '/api/products/1', { name: 'Changed', imagesOrder: [images[1], '/uploads/other.png'] });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ imagesOrder: '/uploads/other.png is not a picture of this gallery; reload the page and arrange it again' });
        expect((await call('GET', '/api/products/1')).json()).toMatchObject({ name: apples.name, images });
    });

    it('logs the whole gallery before and after, in order, and nothing when the order is unchanged', async () => {
        const { call, images } = await productWithGallery(2);
        const [a, b] = images;
        await call('POST', '/api/products/1', form({ imagesOrder: [b, a], images: [PNG, PNG] }));
        await call('POST', '/api/products/1', { imagesOrder: [b, a] });
        await call('POST', '/api/products/1', { removeImages: a });
        const now: string[] = (await call('GET', '/api/products/1')).json().images;

        const lines = await galleryLines(call);
        expect(lines).toHaveLength(4);
        expect(lines[0]).toEqual({ before: [], after: [a, b] });
        expect(lines[1].before).toEqual([a, b]);
        expect(lines[1].after.slice(0, 2)).toEqual([b, a]);
        expect(lines[1].after).toHaveLength(4);
        expect(lines[2]).toBeUndefined();
        expect(lines[3]).toEqual({ before: lines[1].after, after: now });
    });
});
