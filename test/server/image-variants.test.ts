// Not run again on PostgreSQL: image decoding; replacement races run there in hardening.
// Every uploaded picture is written anew (upright, without metadata), pixel bombs and damaged
// files are refused, and `/uploads/<file>?w=` serves sized copies kept on disk. Real pictures made by sharp.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { form, makeApp, PNG, signIn, type TestApp } from './helpers';
import { phonePhoto, pixelBomb } from './images';

let photo: Buffer;
beforeAll(async () => {
    photo = await phonePhoto();
}, 30_000);

async function upload(t: TestApp, headers: Record<string, string>, image: Buffer, name = 'Fruits') {
    return t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name, description: 'Fresh', image }) });
}

/** What a stored or served picture carries besides its pixels. */
async function described(bytes: Buffer) {
    const { width, height, format, orientation, exif, xmp, iptc } = await sharp(bytes).metadata();
    return { width, height, format, orientation, exif, xmp, iptc };
}

const NO_METADATA = { orientation: undefined, exif: undefined, xmp: undefined, iptc: undefined };

describe('an uploaded phone photo', () => {
    it('is stored and served upright, as a JPEG, with no EXIF, GPS or camera data', async () => {
        expect(await described(photo)).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
        expect((await sharp(photo).metadata()).exif?.includes('PhoneMaker')).toBe(true);

        const t = await makeApp();
        const created = await upload(t, await signIn(t), photo);
        expect(created.statusCode).toBe(201);
        const image: string = created.json().data.image;
        expect(image).toMatch(/^\/uploads\/[\w-]+\.jpg$/);

        const stored = fs.readFileSync(path.join(t.config.dataDir, 'uploads', image.slice('/uploads/'.length)));
        expect(await described(stored)).toEqual({ width: 3000, height: 4000, format: 'jpeg', ...NO_METADATA });
        expect(stored.includes('PhoneMaker')).toBe(false);

        const served = await t.app.inject({ method: 'GET', url: image });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.rawPayload.equals(stored)).toBe(true);
    }, 60_000);

    it('is served at the widths asked for, as WebP or JPEG by the Accept header, made once and cached', async () => {
        const t = await makeApp();
        const image: string = (await upload(t, await signIn(t), photo)).json().data.image;
        const name = image.slice('/uploads/'.length);

        const webp = await t.app.inject({ method: 'GET', url: `${image}?w=640`, headers: { accept: 'image/avif,image/webp,*/*' } });
        expect(webp.statusCode).toBe(200);
        expect(webp.headers).toMatchObject({ 'content-type': 'image/webp', vary: 'Accept', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
        expect(webp.headers.etag).toBeTruthy();
        expect(await described(webp.rawPayload)).toEqual({ width: 640, height: 853, format: 'webp', ...NO_METADATA });
        expect(webp.rawPayload.length).toBeLessThan(200_000);
        expect(fs.readdirSync(path.join(t.config.dataDir, 'variants'))).toEqual([`${name}.640.webp`]);

        const again = await t.app.inject({ method: 'GET', url: `${image}?w=640`, headers: { accept: 'image/webp', 'if-none-match': webp.headers.etag as string } });
        expect(again.statusCode).toBe(304);

        const jpeg = await t.app.inject({ method: 'GET', url: `${image}?w=100`, headers: { accept: 'image/jpeg,image/*' } });
        expect(jpeg.headers['content-type']).toBe('image/jpeg');
        expect(await described(jpeg.rawPayload)).toEqual({ width: 160, height: 213, format: 'jpeg', ...NO_METADATA });

        const widest = await t.app.inject({ method: 'GET', url: `${image}?w=5000`, headers: { accept: 'image/webp' } });
        expect((await described(widest.rawPayload)).width).toBe(1280);
        for (const [asked, width] of [['1', 64], ['64', 64], ['65', 160], ['320', 320], ['1000', 1280]] as const) {
            const res = await t.app.inject({ method: 'GET', url: `${image}?w=${asked}`, headers: { accept: 'image/webp' } });
            expect((await described(res.rawPayload)).width).toBe(width);
        }
    }, 60_000);

    it('refuses a width that is not a whole number of pixels with 400, and answers 404 for a missing picture', async () => {
        const t = await makeApp();
        const image: string = (await upload(t, await signIn(t), PNG)).json().data.image;
        for (const bad of ['0', '-5', 'abc', '1.5', '', '99999999']) {
            const res = await t.app.inject({ method: 'GET', url: `${image}?w=${bad}` });
            expect(res.statusCode, bad).toBe(400);
            expect(res.json().message).toBe('The width w must be a whole number of pixels from 1, like 64, 160, 320, 640, 1280');
        }
        // A picture smaller than the width asked for is not enlarged.
        const small = await t.app.inject({ method: 'GET', url: `${image}?w=64`, headers: { accept: 'image/webp' } });
        expect(await described(small.rawPayload)).toMatchObject({ width: 1, height: 1, format: 'webp' });
        expect((await t.app.inject({ method: 'GET', url: '/uploads/missing.png?w=64' })).statusCode).toBe(404);
        expect(fs.readdirSync(path.join(t.config.dataDir, 'variants'))).toHaveLength(1);
    });

    it('takes its variants with it when it is replaced or removed', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const first: string = (await upload(t, headers, PNG)).json().data.image;
        const variants = () => fs.readdirSync(path.join(t.config.dataDir, 'variants'));
        await t.app.inject({ method: 'GET', url: `${first}?w=64`, headers: { accept: 'image/webp' } });
        await t.app.inject({ method: 'GET', url: `${first}?w=160` });
        expect(variants()).toHaveLength(2);

        const replaced = await t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ image: PNG }) });
        const second: string = replaced.json().data.image;
        expect(variants()).toEqual([]);
        expect((await t.app.inject({ method: 'GET', url: `${first}?w=64` })).statusCode).toBe(404);

        await t.app.inject({ method: 'GET', url: `${second}?w=320` });
        expect(variants()).toHaveLength(1);
        await t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ image: '' }) });
        expect(variants()).toEqual([]);
    });
});

describe('a picture that is not what it seems', () => {
    it('is refused when it declares 40 megapixels or more (a decompression bomb), and nothing is kept', async () => {
        const bomb = await pixelBomb();
        expect(bomb.length).toBeLessThan(1024 * 1024);
        const t = await makeApp();
        const res = await upload(t, await signIn(t), bomb);
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ success: false, message: 'The picture is 40 megapixels or more; please send a smaller one' });
        expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    }, 30_000);

    it('is refused with 415 when it does not decode as the image its bytes claim', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const truncated = photo.subarray(0, photo.length / 2);
        const garbledPng = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(200, 7)]);
        for (const [bytes, message] of [
            [truncated, 'The picture could not be read as a JPEG image; it may be damaged'],
            [garbledPng, 'The picture could not be read as a PNG image; it may be damaged'],
        ] as const) {
            const res = await upload(t, headers, bytes);
            expect(res.statusCode).toBe(415);
            expect(res.json()).toMatchObject({ success: false, message });
        }
        expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    }, 30_000);

    it('still over 5 MB is refused with the limit in the message', async () => {
        const t = await makeApp();
        const big = await phonePhoto(4000, 3000, 97);
        expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
        const res = await upload(t, await signIn(t), big);
        expect(res.statusCode).toBe(413);
        expect(res.json().message).toBe('Image is larger than 5 MB');
    }, 30_000);
});
