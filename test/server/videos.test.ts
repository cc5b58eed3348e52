import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeApp, signIn, type TestApp } from './helpers';
import { buildApp } from '../../server/app';
import { member } from './people';
import { ROLE } from '../../schema/access';
import { streamUrl, videoDirs } from '../../server/features/videos/videoFiles';
import { parseRange } from '../../server/features/videos/videoRange';
import { receiveVideo } from '../../server/features/videos/videoUpload';

/** An ISO base media file (MP4): an `ftyp` box naming the isom brand, then `size` bytes in all. */
function mp4(size = 600): Buffer {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    const free = Buffer.alloc(Math.max(8, size - ftyp.length));
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4);
    for (let i = 8; i < free.length; i++) free[i] = i % 251;
    return Buffer.concat([ftyp, free]);
}

/** A WebM file: an EBML header with DocType "webm", then a Void element filling it to `size` bytes. */
function webm(size = 400): Buffer {
    const element = (id: number[], body: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
    const header = Buffer.concat([
        element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
        element([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
        element([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
        element([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
        element([0x42, 0x82], Buffer.from('webm')), // DocType
        element([0x42, 0x87], Buffer.from([2])), // DocTypeVersion
        element([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
    ]);
    const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header]);
    const voidBody = Buffer.alloc(Math.max(0, size - ebml.length - 3), 7);
    // Void (0xEC) with a two-byte size.
    return Buffer.concat([ebml, Buffer.from([0xec, 0x40 | (voidBody.length >> 8), voidBody.length & 0xff]), voidBody]);
}

const BOUNDARY = '----videotest7MA4YWxkTrZu0gW';

/** A multipart body with the file under `video` (as `filename`) and any text fields before it. */
function multipart(file: Buffer | null, filename = 'clip.mp4', fields: Record<string, string> = {}, field = 'video') {
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
        parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    if (file) {
        parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`));
        parts.push(file, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return Buffer.concat(parts);
}
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

const upload = (t: TestApp, headers: Record<string, string>, file: Buffer | null, filename?: string, fields?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/uploadvideo', headers: { ...headers, 'content-type': multipartType }, payload: multipart(file, filename, fields) });

/** Files in the finished and the partial video folders. */
function storedFiles(t: TestApp) {
    const { dir, partialDir } = videoDirs(t.config);
    const list = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d).filter((name) => !name.startsWith('.')) : []);
    return { videos: list(dir), partial: list(partialDir) };
}

const rowCount = async (t: TestApp) => Number((await t.app.db.selectFrom('videos').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function uploaded(t: TestApp, headers: Record<string, string>, file = mp4(), filename = 'clip.mp4', tags?: string) {
    const res = await upload(t, headers, file, filename, tags === undefined ? {} : { tags });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().video as { id: number; filename: string; size: number; tags: string; status: number; mimeType: string; url: string };
}

describe('POST /uploadvideo', () => {
    it('stores an MP4 and a WebM told from their bytes, with the spec answer', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const res = await upload(t, admin, mp4(600), 'Paneer tikka.mp4', { tags: 'recipe, Paneer , recipe,,starter' });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.message).toBe('File uploaded successfully');
        expect(body.video).toMatchObject({ filename: 'Paneer tikka.mp4', size: 600, tags: 'recipe, Paneer, starter', status: 1, mimeType: 'video/mp4' });
        expect(Object.keys(body.video).sort()).toEqual(['createdAt', 'filename', 'id', 'mimeType', 'size', 'status', 'tags', 'updatedAt', 'url']);
        expect(body.video.url).toMatch(new RegExp(`^/api/videos/${body.video.id}/stream\\?expires=\\d+&sig=[\\w-]{43}$`));

        // The declared name says MP4; the content says WebM, and wins.
        const second = await uploaded(t, admin, webm(400), 'mislabelled.mp4');
        expect(second).toMatchObject({ size: 400, mimeType: 'video/webm', tags: '' });

        const files = storedFiles(t);
        expect(files.partial).toEqual([]);
        expect(files.videos).toHaveLength(2);
        expect(files.videos.some((name) => name.endsWith('.webm'))).toBe(true);
        const stored = await t.app.db.selectFrom('videos').select(['storedName', 'size']).orderBy('id').execute();
        expect(fs.readFileSync(path.join(videoDirs(t.config).dir, stored[0].storedName))).toEqual(mp4(600));
    });

    it('refuses a text file named .mp4 with 415, keeping nothing', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const res = await upload(t, admin, Buffer.from('just some notes, not a video\n'.repeat(300)), 'notes.mp4');
        expect(res.statusCode).toBe(415);
        expect(res.json().message).toBe('Please upload an MP4, WebM, QuickTime or Matroska video');
        // An image is not a video either.
        const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
        expect((await upload(t, admin, png, 'still.webm')).statusCode).toBe(415);
        expect(storedFiles(t)).toEqual({ videos: [], partial: [] });
        expect(await rowCount(t)).toBe(0);
    });

    it('asks for a file when none or an empty one is sent, and refuses a body that is not multipart', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        for (const res of [await upload(t, admin, null, undefined, { tags: 'x' }), await upload(t, admin, Buffer.alloc(0))]) {
            expect(res.statusCode).toBe(400);
            expect(res.json().message).toBe('Please select a video file.');
        }
        const json = await t.app.inject({ method: 'POST', url: '/api/uploadvideo', headers: admin, payload: { video: 'clip.mp4' } });
        expect(json.statusCode).toBe(415);
        const truncated = multipart(mp4(600)).subarray(0, 500);
        const cut = await t.app.inject({ method: 'POST', url: '/api/uploadvideo', headers: { ...admin, 'content-type': multipartType }, payload: truncated });
        expect(cut.statusCode).toBe(400);
        const tooManyTags = await upload(t, admin, mp4(), 'clip.mp4', { tags: 'x'.repeat(501) });
        expect(tooManyTags.statusCode).toBe(400);
        expect(storedFiles(t)).toEqual({ videos: [], partial: [] });
        expect(await rowCount(t)).toBe(0);
    });

    it('refuses a video over VIDEO_MAX_MB with 413, whether its length is declared or found while streaming', async () => {
        const t = await makeApp({ videoMaxMb: 0.05 }); // 52,428 bytes
        const admin = await signIn(t);
        expect((await upload(t, admin, mp4(52_000))).statusCode).toBe(200);

        // Declared: the Content-Length alone is over the cap and its room for the form around the file.
        const declared = await upload(t, admin, mp4(1024 * 1024));
        expect(declared.statusCode).toBe(413);
        expect(declared.json().message).toBe('The video is larger than 0.05 MB');
        // Counted: the body could still fit, the file itself does not.
        const counted = await upload(t, admin, mp4(60_000));
        expect(counted.statusCode).toBe(413);
        expect(storedFiles(t).partial).toEqual([]);
        expect(storedFiles(t).videos).toHaveLength(1);
        expect(await rowCount(t)).toBe(1);
    });

    it('answers 413 while the client is still sending, without reading the rest', async () => {
        const t = await makeApp({ videoMaxMb: 0.05 });
        const admin = await signIn(t);
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        // Chunked, so no length is declared: only counting can find the file too large. Never ended: the
        // answer must come while the body is still open.
        const answer = await sendOpenEnded(port, admin, multipart(mp4(200_000)).subarray(0, 60_000));
        expect(answer).toEqual({ status: 413, connection: 'close' });
        await expect.poll(() => storedFiles(t).partial).toEqual([]);
        expect(await rowCount(t)).toBe(0);
    });

    it('keeps no file and no row of an upload cut off halfway', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        const body = multipart(mp4(400_000));
        const request = http.request({
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/api/uploadvideo',
            headers: { ...admin, 'content-type': multipartType, 'content-length': body.length },
        });
        request.on('error', () => {});
        request.write(body.subarray(0, 200_000));
        // Once the server has begun writing the file, the client goes away.
        await expect.poll(() => storedFiles(t).partial.length).toBe(1);
        request.destroy();
        await expect.poll(() => storedFiles(t).partial).toEqual([]);
        expect(storedFiles(t).videos).toEqual([]);
        expect(await rowCount(t)).toBe(0);
        // The server is still well.
        expect((await uploaded(t, admin)).size).toBe(600);
    });
});

/** Sends `body` in chunked encoding (no length declared) and never ends it; answers the status once the server replies. */
function sendOpenEnded(port: number, headers: Record<string, string>, body: Buffer) {
    return new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/uploadvideo', headers: { ...headers, 'content-type': multipartType } });
        request.on('response', (response) => resolve({ status: response.statusCode!, connection: response.headers.connection }));
        request.on('error', reject);
        request.write(body);
    });
}

describe('slow and wasteful clients', () => {
    it('caps the whole body, so parts that are not the video cannot go on for ever', async () => {
        const t = await makeApp({ videoMaxMb: 0.05 });
        const admin = await signIn(t);
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        const ignored = multipart(mp4(300_000), 'other.mp4', {}, 'attachment');
        expect(await sendOpenEnded(port, admin, ignored.subarray(0, 200_000))).toEqual({ status: 413, connection: 'close' });
        expect(await rowCount(t)).toBe(0);
    });

    it('drops an upload that stalls, with its partial file', async () => {
        const partialDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-stall-'));
        const app = Fastify();
        app.removeAllContentTypeParsers();
        app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
        app.post('/api/uploadvideo', (request) => receiveVideo(request, { partialDir, maxBytes: 10_000_000, idleMs: 300 }).then((video) => video.size));
        await app.listen({ port: 0, host: '127.0.0.1' });
        try {
            const { port } = app.server.address() as AddressInfo;
            const closed = new Promise<void>((resolve) => {
                const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/uploadvideo', headers: { 'content-type': multipartType } });
                request.on('error', () => resolve());
                request.on('close', () => resolve());
                request.write(multipart(mp4(400_000)).subarray(0, 100_000));
            });
            await expect.poll(() => fs.readdirSync(partialDir).length).toBe(1);
            // The client sends nothing more: the server hangs up and removes the part.
            await closed;
            await expect.poll(() => fs.readdirSync(partialDir)).toEqual([]);
        } finally {
            await app.close();
            fs.rmSync(partialDir, { recursive: true, force: true });
        }
    });
});

describe('parseRange', () => {
    it('reads one byte range and leaves the rest to a whole answer', () => {
        expect(parseRange(undefined, 100)).toBeNull();
        expect(parseRange('bytes=0-0', 100)).toEqual({ start: 0, end: 0 });
        expect(parseRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
        expect(parseRange('bytes=-200', 100)).toEqual({ start: 0, end: 99 });
        expect(parseRange('BYTES=5-9', 100)).toEqual({ start: 5, end: 9 });
        // Malformed, reversed, several ranges or another unit: a server may send the whole file.
        for (const header of ['bytes=9-5', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b', 'bytes=99999999999999999999-']) {
            expect(parseRange(header, 100), header).toBeNull();
        }
        expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
        expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
        expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    });
});

describe('partial files', () => {
    it('are removed on start when a crash left them behind', async () => {
        const first = await makeApp();
        const { partialDir } = videoDirs(first.config);
        const stale = path.join(partialDir, 'crashed.part');
        const fresh = path.join(partialDir, 'in-flight.part');
        fs.writeFileSync(stale, 'x');
        fs.writeFileSync(fresh, 'x');
        const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
        fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
        // A second start on the same data: the sweep runs as the routes are registered.
        const again = await buildApp(first.config, false);
        await again.close();
        expect(fs.readdirSync(partialDir)).toEqual(['in-flight.part']);
    });

    it('a stored video that no row names is removed on start once older than an upload may last', async () => {
        const first = await makeApp();
        const { id } = await uploaded(first, await signIn(first), mp4(800));
        const recorded = await first.app.db.selectFrom('videos').select('storedName').where('id', '=', id).executeTakeFirstOrThrow();
        const { dir } = videoDirs(first.config);
        // What a process killed between storing a video and recording it leaves, long ago and just now.
        const killedLongAgo = path.join(dir, 'killed-long-ago.mp4');
        const justStored = path.join(dir, 'just-stored.mp4');
        fs.writeFileSync(killedLongAgo, mp4(100));
        fs.writeFileSync(justStored, mp4(100));
        const past = new Date(Date.now() - first.config.uploadTimeoutMs - 1000);
        fs.utimesSync(killedLongAgo, past, past);
        fs.utimesSync(path.join(dir, recorded.storedName), past, past);

        const again = await buildApp(first.config, false);
        await again.close();
        const stored = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile());
        expect(stored.map((entry) => entry.name).sort()).toEqual([recorded.storedName, 'just-stored.mp4'].sort());
    });
});

describe('streaming a video', () => {
    it('answers ranges with 206, the whole file with 200, and 416 past the end', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const file = mp4(1000);
        const video = await uploaded(t, admin, file);
        const get = (range?: string) => t.app.inject({ method: 'GET', url: video.url, headers: range ? { range } : {} });

        const whole = await get();
        expect(whole.statusCode).toBe(200);
        expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': '1000', 'x-content-type-options': 'nosniff' });
        expect(whole.rawPayload).toEqual(file);

        const first = await get('bytes=0-99');
        expect(first.statusCode).toBe(206);
        expect(first.headers).toMatchObject({ 'content-range': 'bytes 0-99/1000', 'content-length': '100', 'accept-ranges': 'bytes', 'content-type': 'video/mp4' });
        expect(first.rawPayload).toEqual(file.subarray(0, 100));

        const middle = await get('bytes=500-749');
        expect(middle.statusCode).toBe(206);
        expect(middle.headers['content-range']).toBe('bytes 500-749/1000');
        expect(middle.rawPayload).toEqual(file.subarray(500, 750));

        const open = await get('bytes=900-');
        expect(open.headers['content-range']).toBe('bytes 900-999/1000');
        const suffix = await get('bytes=-10');
        expect(suffix.rawPayload).toEqual(file.subarray(990));
        const pastEnd = await get('bytes=0-5000');
        expect(pastEnd.headers['content-range']).toBe('bytes 0-999/1000');

        const unsatisfiable = await get('bytes=1000-1100');
        expect(unsatisfiable.statusCode).toBe(416);
        expect(unsatisfiable.headers['content-range']).toBe('bytes */1000');
    });

    it('serves only through the signed link, which expires and dies with the video', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const video = await uploaded(t, admin);
        const url = new URL(video.url, 'http://x');
        const status = (u: string) => t.app.inject({ method: 'GET', url: u }).then((res) => res.statusCode);

        expect(await status(`/api/videos/${video.id}/stream`)).toBe(400);
        const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${'A'.repeat(43)}`;
        expect(await status(forged)).toBe(404);
        const later = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 86400}&sig=${url.searchParams.get('sig')}`;
        expect(await status(later)).toBe(404);
        const { storedName } = await t.app.db.selectFrom('videos').select('storedName').executeTakeFirstOrThrow();
        const old = streamUrl('/api', { id: video.id, storedName }, Date.now() - 3 * 86_400_000);
        expect(await status(old)).toBe(403);
        // The folder is not served as static files.
        expect(await status(`/uploads/videos/${storedName}`)).toBe(404);
        expect(await status(`/videos/${storedName}`)).not.toBe(200);

        expect(await status(video.url)).toBe(200);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/videos/${video.id}`, headers: admin })).statusCode).toBe(200);
        expect(await status(video.url)).toBe(404);
    });
});

describe('the library', () => {
    it('lists newest first, ten by default, pages with limit and offset, and searches name and tags in SQL', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        for (let i = 1; i <= 12; i++) {
            await uploaded(t, admin, mp4(600 + i), `Clip ${String(i).padStart(2, '0')}.mp4`, i % 3 === 0 ? 'Recipe, dessert' : 'product');
        }
        const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/videos${query}`, headers: admin });

        const first = await list('');
        expect(first.statusCode).toBe(200);
        expect(first.headers['x-total-count']).toBe('12');
        expect(first.json().total).toBe(12);
        expect(first.json().videos.map((v: { filename: string }) => v.filename)).toEqual(
            Array.from({ length: 10 }, (_, i) => `Clip ${String(12 - i).padStart(2, '0')}.mp4`),
        );
        const rest = await list('?limit=10&offset=10');
        expect(rest.json().videos.map((v: { filename: string }) => v.filename)).toEqual(['Clip 02.mp4', 'Clip 01.mp4']);

        const byTag = await list('?search=RECIPE');
        expect(byTag.json().total).toBe(4);
        expect(byTag.headers['x-total-count']).toBe('4');
        const byName = await list('?search=clip 1');
        expect(byName.json().videos.map((v: { filename: string }) => v.filename)).toEqual(['Clip 12.mp4', 'Clip 11.mp4', 'Clip 10.mp4']);
        expect((await list('?search=%25')).json().total).toBe(0);
        expect((await list('?search=')).json().total).toBe(12);

        for (const bad of ['?limit=101', '?limit=0', '?offset=-1', '?limit=abc']) {
            expect((await list(bad)).statusCode, bad).toBe(400);
        }
        const one = await t.app.inject({ method: 'GET', url: `/api/videos/${first.json().videos[0].id}`, headers: admin });
        expect(one.json()).toMatchObject({ filename: 'Clip 12.mp4', size: 612 });
        expect((await t.app.inject({ method: 'GET', url: '/api/videos/999', headers: admin })).statusCode).toBe(404);
    });

    it('renames the display name only, refusing a blank one', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const video = await uploaded(t, admin);
        const rename = (filename: unknown, id = video.id) =>
            t.app.inject({ method: 'POST', url: `/api/videos/${id}`, headers: admin, payload: { filename } as Record<string, unknown> });

        for (const blank of ['', '   ', undefined]) {
            const res = await rename(blank);
            expect(res.statusCode).toBe(400);
            expect(res.json().message).toBe('Please provide a new filename.');
        }
        expect((await rename('x'.repeat(256))).statusCode).toBe(400);
        expect((await rename('Lost', 999)).statusCode).toBe(404);

        const before = await t.app.db.selectFrom('videos').select('storedName').executeTakeFirstOrThrow();
        const res = await rename('  Mango lassi  ');
        expect(res.statusCode).toBe(200);
        expect(res.json().video).toMatchObject({ id: video.id, filename: 'Mango lassi' });
        const after = await t.app.db.selectFrom('videos').select(['storedName', 'filename']).executeTakeFirstOrThrow();
        expect(after).toEqual({ storedName: before.storedName, filename: 'Mango lassi' });
        expect((await t.app.inject({ method: 'GET', url: video.url })).statusCode).toBe(200);
    });

    it('toggles the status as asked, or flips it, atomically', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const video = await uploaded(t, admin);
        const toggle = (payload?: Record<string, unknown>) =>
            t.app.inject({ method: 'POST', url: `/api/videos/${video.id}/toggle-status`, headers: admin, ...(payload ? { payload } : {}) });

        const off = await toggle({ status: 0 });
        expect(off.statusCode).toBe(200);
        expect(off.json()).toMatchObject({ message: 'Video deactivated', video: { status: 0 } });
        expect((await toggle({ status: 0 })).json().video.status).toBe(0);
        expect((await toggle({ status: 2 })).statusCode).toBe(400);
        expect((await toggle({ status: 'on' })).statusCode).toBe(400);
        // Two flips at once end where they started: neither reads a stale status.
        await Promise.all([toggle(), toggle()]);
        expect((await t.app.db.selectFrom('videos').select('status').executeTakeFirstOrThrow()).status).toBe(0);
        expect((await toggle()).json()).toMatchObject({ message: 'Video activated', video: { status: 1 } });
    });

    it('deletes the row and the file', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const keep = await uploaded(t, admin);
        const drop = await uploaded(t, admin, webm());
        expect(storedFiles(t).videos).toHaveLength(2);
        const res = await t.app.inject({ method: 'DELETE', url: `/api/videos/${drop.id}`, headers: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Video deleted successfully');
        expect(storedFiles(t).videos).toHaveLength(1);
        expect(storedFiles(t).videos[0].endsWith('.mp4')).toBe(true);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/videos/${drop.id}`, headers: admin })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: `/api/videos/${keep.id}`, headers: admin })).statusCode).toBe(200);
    });
});

describe('who may do what', () => {
    it('keeps videos to staff, and deleting to administrators', async () => {
        const t = await makeApp();
        const admin = await signIn(t);
        const video = await uploaded(t, admin);
        const shopper = await member(t, 'shopper@mail.test', ROLE.customer);
        const seller = await member(t, 'seller@shop.test', ROLE.seller);

        const calls = [
            { method: 'GET', url: '/api/videos' },
            { method: 'GET', url: `/api/videos/${video.id}` },
            { method: 'POST', url: `/api/videos/${video.id}`, payload: { filename: 'Mine' } },
            { method: 'POST', url: `/api/videos/${video.id}/toggle-status`, payload: { status: 0 } },
            { method: 'DELETE', url: `/api/videos/${video.id}` },
        ] as const;
        for (const call of calls) {
            expect((await t.app.inject({ ...call })).statusCode, `anonymous ${call.method} ${call.url}`).toBe(401);
            expect((await t.app.inject({ ...call, headers: shopper.headers })).statusCode, `customer ${call.method} ${call.url}`).toBe(403);
        }
        expect((await upload(t, {}, mp4())).statusCode).toBe(401);
        expect((await upload(t, shopper.headers, mp4())).statusCode).toBe(403);
        expect(storedFiles(t).partial).toEqual([]);

        expect((await upload(t, seller.headers, mp4())).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: `/api/videos/${video.id}`, headers: seller.headers, payload: { filename: 'Seller named' } })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/videos/${video.id}`, headers: seller.headers })).statusCode).toBe(403);
        expect(await rowCount(t)).toBe(2);
    });
});
