// Every stored file in an S3-compatible bucket (S3_BUCKET): images and videos go to the bucket, any
// instance on the same database serves them, and the start-up sweep settles staged objects there.
// A local S3 stand-in (@20minutes/s3rver) runs in this process; disk storage is covered by the other suites.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { PART_BYTES, s3Client } from '../../server/infra/storage/s3Storage';
import { nowIso } from '../../server/infra/time';
import { form, makeApp, PNG, signIn, type TestApp } from './helpers';
import { apples, catalogueBasics, type Call } from './catalogue';
import { phonePhoto, samePixels } from './images';
import sharp from 'sharp';

let server: S3rver;
let directory: string;
let endpoint: string;
let buckets = 0;

beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    // The stand-in signs bucket-level requests (ListObjectsV2) differently from the SDK, so its signature
    // check is off; the SDK still signs every request with the keys given.
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, allowMismatchedSignatures: true });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
    server.httpServer.closeAllConnections();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
});

/** S3 settings for a bucket of its own, created now. */
async function freshBucket() {
    const settings = {
        s3Bucket: `grocer-${++buckets}`,
        s3Endpoint: endpoint,
        s3Region: 'us-east-1',
        s3AccessKeyId: 'S3RVER',
        s3SecretAccessKey: 'S3RVER',
        s3ForcePathStyle: true,
    };
    await s3Client(settings).send(new CreateBucketCommand({ Bucket: settings.s3Bucket }));
    return settings;
}

/** An app on a fresh bucket, an S3 client to look into it, and an administrator's headers. */
async function s3App(overrides: Partial<Config> = {}) {
    const settings = await freshBucket();
    const t = await makeApp({ ...settings, ...overrides });
    return { ...t, bucket: settings.s3Bucket, s3: s3Client(settings), headers: await signIn(t) };
}

/** A second instance on the same database and bucket, closed when `use` is done. */
async function anotherInstance<T>(t: TestApp, check: (app: TestApp['app']) => Promise<T>, overrides: Partial<Config> = {}) {
    const app = await buildApp({ ...t.config, ...overrides }, false);
    try {
        return await check(app);
    } finally {
        await app.close();
    }
}

const keys = async (s3: S3Client, Bucket: string, Prefix = '') =>
    ((await s3.send(new ListObjectsV2Command({ Bucket, Prefix }))).Contents ?? []).map((item) => item.Key!).sort();

const exists = (s3: S3Client, Bucket: string, Key: string) =>
    s3.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        () => false,
    );

const keyOf = (publicPath: string) => publicPath.replace(/^\/uploads\//, 'uploads/');

describe('images in a bucket', () => {
    it('are stored in the bucket, not on disk, and served by another instance with type, length and validators', async () => {
        const t = await s3App();
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: t.headers, payload: form({ name: 'Tea', description: 'Assam', image: PNG }) });
        expect(res.statusCode, res.body).toBe(201);
        const image: string = res.json().data.image;
        expect(await keys(t.s3, t.bucket)).toEqual([keyOf(image)]);
        expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);

        await anotherInstance(t, async (other) => {
            const served = await other.inject({ method: 'GET', url: image });
            expect(served.statusCode).toBe(200);
            // Re-encoded on upload (upright, without metadata): the same pixels, not the same bytes.
            expect(await samePixels(served.rawPayload, PNG)).toBe(true);
            expect(served.headers).toMatchObject({
                'content-type': 'image/png',
                'content-length': String(served.rawPayload.length),
                'cache-control': 'public, max-age=604800',
                'x-content-type-options': 'nosniff',
                'accept-ranges': 'bytes',
            });
            expect(served.headers.etag).toMatch(/^"[\w-]+"$/);
            expect(served.headers['last-modified']).toBeTruthy();
            const again = await other.inject({ method: 'GET', url: image, headers: { 'if-none-match': served.headers.etag as string } });
            expect(again.statusCode).toBe(304);
            const head = await other.inject({ method: 'HEAD', url: image });
            expect(head.statusCode).toBe(200);
            expect(head.headers['content-length']).toBe(String(served.rawPayload.length));
            expect((await other.inject({ method: 'GET', url: '/uploads/missing.png' })).statusCode).toBe(404);
            expect((await other.inject({ method: 'GET', url: '/uploads/..%2Fstaging%2Fx.png' })).statusCode).toBe(404);
        });
    });

    it("removes a product's old image object once it is replaced, and the rest once the product is deleted", async () => {
        const t = await s3App();
        const call: Call = (method, url, payload) => t.app.inject({ method, url, headers: t.headers, payload });
        await catalogueBasics(call);
        const created = (await call('POST', '/api/products', form({ ...apples, image: PNG, images: [PNG] }))).json().data;
        const first: string = created.image;
        expect(await exists(t.s3, t.bucket, keyOf(first))).toBe(true);

        const replaced = (await call('POST', '/api/products/1', form({ image: PNG }))).json().data;
        expect(replaced.image).not.toBe(first);
        expect(await exists(t.s3, t.bucket, keyOf(first))).toBe(false);
        expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: replaced.image })).statusCode).toBe(200);
        // Nothing is left staged once the rows are committed.
        expect(await keys(t.s3, t.bucket)).toEqual([keyOf(replaced.image), keyOf(created.images[0])].sort());

        expect((await call('DELETE', '/api/products/1')).statusCode).toBe(200);
        expect(await keys(t.s3, t.bucket)).toEqual([]);
    });

    it('serves sized variants made from the bucket, keeps them there, and removes them with their picture', async () => {
        const t = await s3App();
        const call: Call = (method, url, payload) => t.app.inject({ method, url, headers: t.headers, payload });
        await catalogueBasics(call);
        const photo = await phonePhoto(1600, 1200);
        const created = (await call('POST', '/api/products', form({ ...apples, image: photo, images: [PNG] }))).json().data;
        const image: string = created.image;
        const name = image.slice('/uploads/'.length);

        await anotherInstance(t, async (other) => {
            const webp = await other.inject({ method: 'GET', url: `${image}?w=300`, headers: { accept: 'image/webp' } });
            expect(webp.statusCode).toBe(200);
            expect(webp.headers).toMatchObject({ 'content-type': 'image/webp', vary: 'Accept', 'cache-control': 'public, max-age=31536000, immutable' });
            const meta = await sharp(webp.rawPayload).metadata();
            expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 320, 427, undefined]);
            const again = await other.inject({ method: 'GET', url: `${image}?w=320`, headers: { accept: 'image/webp', 'if-none-match': webp.headers.etag as string } });
            expect(again.statusCode).toBe(304);
            const jpeg = await other.inject({ method: 'GET', url: `${image}?w=64` });
            expect(jpeg.headers['content-type']).toBe('image/jpeg');
        });
        expect(await keys(t.s3, t.bucket, 'variants/')).toEqual([`variants/${name}.320.webp`, `variants/${name}.64.jpg`]);
        const stored = await t.s3.send(new GetObjectCommand({ Bucket: t.bucket, Key: `variants/${name}.320.webp` }));
        expect(stored.ContentType).toBe('image/webp');

        expect((await call('DELETE', '/api/products/1')).statusCode).toBe(200);
        expect(await keys(t.s3, t.bucket)).toEqual([]);
    }, 30_000);
});

describe('S3 settings', () => {
    it('are read from S3_*, with path-style addressing only when asked, and keys in pairs', () => {
        const env = { S3_BUCKET: 'shop', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
        expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
            s3Bucket: 'shop',
            s3Endpoint: 'http://127.0.0.1:9000',
            s3Region: 'us-east-1',
            s3AccessKeyId: 'id',
            s3SecretAccessKey: 'secret',
            s3ForcePathStyle: true,
        });
        expect(loadConfig({ S3_REGION: 'ap-south-1' })).toMatchObject({ s3Bucket: undefined, s3Region: 'ap-south-1', s3ForcePathStyle: false });
        expect(() => loadConfig({ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    });
});

describe('a failed write on a bucket', () => {
    it('leaves no staged object behind', async () => {
        const t = await s3App();
        vi.spyOn(t.app.db, 'transaction').mockReturnValueOnce({ execute: () => Promise.reject(new Error('disk full')) } as never);
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: t.headers, payload: form({ name: 'Tea', description: 'Assam', image: PNG }) });
        expect(res.statusCode).toBe(500);
        expect(await keys(t.s3, t.bucket)).toEqual([]);
    });
});

describe('profile pictures on a bucket', () => {
    // Four rounds here (ten on disk, upload-orphans.test.ts): each upload is several bucket calls, and beside the
    // journeys in CI ten rounds on PostgreSQL took past three minutes.
    it('5 uploads at once, 4 times, leave exactly the picture the row names and nothing staged', async () => {
        const t = await s3App({ pictureRateLimit: 1000 });
        const bodies = await Promise.all([0, 60, 120, 180, 240].map((hue) => sharp({ create: { width: 32, height: 32, channels: 3, background: { r: hue, g: 80, b: 160 } } }).png().toBuffer()));
        for (let round = 0; round < 4; round++) {
            const answers = await Promise.all(
                bodies.map((payload) => t.app.inject({ method: 'POST', url: '/api/profile/me/picture', headers: { ...t.headers, 'content-type': 'image/png' }, payload })),
            );
            for (const res of answers) expect(res.statusCode, res.body).toBe(200);
        }
        const rows = await t.app.db.selectFrom('profiles').select('profileImage').where('profileImage', 'is not', null).execute();
        expect(rows).toHaveLength(1);
        expect(await keys(t.s3, t.bucket)).toEqual([keyOf(rows[0].profileImage!)]);
    // The uploads of one profile take turns on its row, each moving the old picture in the bucket while it holds the
    // row: 50 turns of bucket calls, seconds alone, took over a minute beside the rest of the suite on the stand-in.
    }, 180_000);
});

describe('the start-up sweep on a bucket', () => {
    it('commits a staged object a row points at, removes one no row points at, and spares a fresh one', async () => {
        const t = await s3App();
        const put = (Key: string) => t.s3.send(new PutObjectCommand({ Bucket: t.bucket, Key, Body: PNG, ContentType: 'image/png' }));
        const now = nowIso();
        // A crash after the row was committed, before its image was moved; and one before any row pointed at it.
        await t.app.db.insertInto('categories').values({ name: 'Tea', description: 'Assam', image: '/uploads/committed-1.png', status: 1, createdAt: now, updatedAt: now }).execute();
        await put('staging/committed-1.png');
        await put('staging/unreferenced-2.png');
        await put('staging/3f1c-stray.upload');
        // Older than the longest a request may take (the bucket's dates are in whole seconds)…
        await new Promise((resolve) => setTimeout(resolve, 3500));
        // …unlike another instance's upload that is staged right now.
        await put('staging/in-flight-3.png');

        await anotherInstance(
            t,
            async (other) => {
                expect(await keys(t.s3, t.bucket)).toEqual(['staging/in-flight-3.png', 'uploads/committed-1.png']);
                const served = await other.inject({ method: 'GET', url: '/uploads/committed-1.png' });
                expect(served.statusCode).toBe(200);
                expect(served.rawPayload.equals(PNG)).toBe(true);
                expect(served.headers['content-type']).toBe('image/png');
            },
            { uploadTimeoutMs: 2000 },
        );
    }, 15_000);
});

/** An MP4 of `size` bytes: an `ftyp` box, then patterned bytes (so a wrong range shows). */
function mp4(size: number): Buffer {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    const rest = Buffer.alloc(size - ftyp.length);
    rest.writeUInt32BE(rest.length, 0);
    rest.write('free', 4);
    for (let i = 8; i < rest.length; i++) rest[i] = (i * 31 + 7) & 0xff;
    return Buffer.concat([ftyp, rest]);
}

function videoForm(file: Buffer) {
    const boundary = '----s3videotest';
    const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe('videos in a bucket', () => {
    it('sends an upload to the bucket in parts, and plays ranges from it: 206 with the right bytes, 416 past the end', async () => {
        const t = await s3App();
        // Over one part, so the multipart upload has two.
        const file = mp4(PART_BYTES + 3 * 1024 * 1024 + 123);
        const { body, type } = videoForm(file);
        const res = await t.app.inject({ method: 'POST', url: '/api/uploadvideo', headers: { ...t.headers, 'content-type': type }, payload: body });
        expect(res.statusCode, res.body).toBe(200);
        const video = res.json().video as { id: number; url: string; size: number };
        expect(video.size).toBe(file.length);

        const { storedName } = await t.app.db.selectFrom('videos').select('storedName').where('id', '=', video.id).executeTakeFirstOrThrow();
        const stored = await t.s3.send(new GetObjectCommand({ Bucket: t.bucket, Key: `videos/${storedName}` }));
        expect(stored.ContentType).toBe('video/mp4');
        expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(file)).toBe(true);
        expect(fs.readdirSync(path.join(t.config.dataDir, 'videos', '.partial'))).toEqual([]);

        await anotherInstance(t, async (other) => {
            const get = (range?: string) => other.inject({ method: 'GET', url: video.url, headers: range ? { range } : {} });
            const across = PART_BYTES - 10;
            const middle = await get(`bytes=${across}-${across + 19}`);
            expect(middle.statusCode).toBe(206);
            expect(middle.headers).toMatchObject({ 'content-range': `bytes ${across}-${across + 19}/${file.length}`, 'content-length': '20', 'content-type': 'video/mp4' });
            expect(middle.rawPayload.equals(file.subarray(across, across + 20))).toBe(true);

            const tail = await get('bytes=-5');
            expect(tail.statusCode).toBe(206);
            expect(tail.rawPayload.equals(file.subarray(-5))).toBe(true);

            const head = await other.inject({ method: 'HEAD', url: video.url });
            expect(head.statusCode).toBe(200);
            expect(head.headers['content-length']).toBe(String(file.length));

            const past = await get(`bytes=${file.length}-`);
            expect(past.statusCode).toBe(416);
            expect(past.headers['content-range']).toBe(`bytes */${file.length}`);

            const whole = await get();
            expect(whole.statusCode).toBe(200);
            expect(whole.headers['content-length']).toBe(String(file.length));
            expect(whole.rawPayload.equals(file)).toBe(true);
        });

        expect((await t.app.inject({ method: 'DELETE', url: `/api/videos/${video.id}`, headers: t.headers })).statusCode).toBe(200);
        expect(await keys(t.s3, t.bucket, 'videos/')).toEqual([]);
    }, 30_000);
});
