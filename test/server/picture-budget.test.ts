// Not run again on PostgreSQL: decoding budgets; its uploads write no rows.
// Decoding pictures has a budget: a customer's huge pictures are refused from their header, a user's uploads are
// rate-limited, and the pictures that are decoded wait for one of IMAGE_DECODE_CONCURRENCY slots.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers';
import { member } from './people';
import { ROLE } from '../../schema/access';
import { DecodeSlots, DECODE_BUSY } from '../../server/infra/images/decodeSlots';

const MB = 1024 * 1024;

const uploadPicture = (t: TestApp, headers: Record<string, string>, body: Buffer, type = 'image/png') =>
    t.app.inject({ method: 'POST', url: '/api/profile/me/picture', headers: { ...headers, 'content-type': type }, payload: body });

/** A picture of `width` × `height` whose bytes are few: one colour, compressed. */
const flat = (width: number, height: number, format: 'png' | 'webp' = 'png') => {
    const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
    return (format === 'png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 50 })).toBuffer();
};

/** A picture of noise: it does not compress, so it is as costly to decode as its pixels say. */
const noise = async (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
};

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

describe('decoding pictures has a budget', () => {
    it("refuses a customer's 12 concurrent 40-megapixel pictures before decoding them: memory stays flat and other calls stay quick", async () => {
        const t = await makeApp();
        const customer = await member(t, 'ravi@example.in', ROLE.customer, 'Ravi');
        // Just under the catalogue's 40 megapixels, as the attack's 81 KB WebP of 6000 × 6600 was.
        const bombs = [await flat(6000, 6600, 'webp'), await flat(6000, 6600, 'png')];
        expect(Math.max(...bombs.map((bomb) => bomb.length))).toBeLessThan(200 * 1024);

        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
        const latencies: number[] = [];
        let uploading = true;
        const probe = (async () => {
            while (uploading) {
                const started = performance.now();
                const res = await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: customer.headers });
                latencies.push(performance.now() - started);
                expect(res.statusCode).toBe(200);
            }
        })();
        const started = performance.now();
        const answers = await Promise.all(
            Array.from({ length: 12 }, (_, i) => uploadPicture(t, customer.headers, bombs[i % 2], i % 2 ? 'image/png' : 'image/webp')),
        );
        const took = performance.now() - started;
        uploading = false;
        await probe;
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);

        const growthMb = (peak - before) / MB;
        const p99 = percentile(latencies, 99);
        console.log(
            `12 × 6000×6600 profile pictures: ${answers.map((res) => res.statusCode).join(' ')} in ${Math.round(took)} ms; ` +
                `RSS ${Math.round(before / MB)} → peak ${Math.round(peak / MB)} MB (+${Math.round(growthMb)}); ` +
                `GET /api/profile/me meanwhile: ${latencies.length} calls, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        );
        for (const res of answers) expect([413, 429], res.body).toContain(res.statusCode);
        const refused = answers.find((res) => res.statusCode === 413)!;
        expect(refused.json().message).toBe('A profile picture may be at most 12 megapixels, and this one is 6000 × 6600 pixels; please send a smaller one');
        // Decoding even four of them at once took over a gigabyte; refused from their headers they take next to nothing.
        expect(growthMb).toBeLessThan(400);
        expect(p99).toBeLessThan(1000);
        // Decoded, they took 43 s of both cores; refused, they are answered at once.
        expect(took).toBeLessThan(10_000);
        expect(t.app.media.decoding.peak).toBe(0);
        expect((await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: customer.headers })).json().profileImage).toBeNull();
    }, 120_000);

    it('keeps a profile picture of up to 12 megapixels at most 256 px square, and says why a larger one is refused', async () => {
        const t = await makeApp();
        const asha = await member(t, 'asha@shop.test', ROLE.customer);
        const taken = await uploadPicture(t, asha.headers, await flat(4000, 3000), 'image/png');
        expect(taken.statusCode, taken.body).toBe(200);
        const stored = await t.app.inject({ method: 'GET', url: taken.json().data.profileImage });
        expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'png', width: 256, height: 192 });

        const small = await uploadPicture(t, asha.headers, await flat(40, 30), 'image/png');
        expect(await sharp((await t.app.inject({ method: 'GET', url: small.json().data.profileImage })).rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });

        const over = await uploadPicture(t, asha.headers, await flat(4001, 3000), 'image/png');
        expect(over.statusCode).toBe(413);
        expect(over.json().message).toBe('A profile picture may be at most 12 megapixels, and this one is 4001 × 3000 pixels; please send a smaller one');
        const heavy = await uploadPicture(t, asha.headers, Buffer.concat([await flat(40, 30), Buffer.alloc(4 * MB)]), 'image/png');
        expect(heavy.statusCode).toBe(413);
    });

    it("counts a user's picture uploads per account (PICTURE_RATE_LIMIT), not per address, and leaves other users alone", async () => {
        const t = await makeApp({ pictureRateLimit: 3 });
        const ravi = await member(t, 'ravi@example.in', ROLE.customer);
        const asha = await member(t, 'asha@example.in', ROLE.customer);
        const picture = await flat(64, 64);
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) {
            // A new address each time does not help.
            const res = await t.app.inject({
                method: 'POST',
                url: '/api/profile/me/picture',
                headers: { ...ravi.headers, 'content-type': 'image/png' },
                payload: picture,
                remoteAddress: `203.0.113.${i + 1}`,
            });
            codes.push(res.statusCode);
        }
        expect(codes).toEqual([200, 200, 200, 429]);
        expect((await uploadPicture(t, asha.headers, picture)).statusCode).toBe(200);
        // Other profile calls are not counted.
        expect((await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: ravi.headers })).statusCode).toBe(200);
    });

    it('decodes at most IMAGE_DECODE_CONCURRENCY pictures at once; the others wait their turn and are all kept', async () => {
        const t = await makeApp({ imageDecodeConcurrency: 2, pictureRateLimit: 100 });
        const staff = await member(t, 'staff@shop.test', ROLE.admin);
        const photo = await noise(2400, 1800);
        const sent = await Promise.all(
            Array.from({ length: 6 }, () => {
                const body = new FormData();
                body.append('file', new Blob([new Uint8Array(photo)]), 'photo.jpg');
                const request = new Request('http://x', { method: 'POST', body });
                return request.arrayBuffer().then((bytes) =>
                    t.app.inject({
                        method: 'POST',
                        url: '/api/v1/uploads',
                        headers: { ...staff.headers, 'content-type': request.headers.get('content-type')! },
                        payload: Buffer.from(bytes),
                    }),
                );
            }),
        );
        expect(sent.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
        expect(t.app.media.decoding.peak).toBe(2);
    });

    it('queues in order and refuses with 503 past the queue it may hold', async () => {
        const slots = new DecodeSlots(2, 3);
        let running = 0;
        let most = 0;
        const order: number[] = [];
        const releases: Array<() => void> = [];
        const job = (i: number) =>
            slots.run(async () => {
                running++;
                most = Math.max(most, running);
                order.push(i);
                await new Promise<void>((resolve) => releases.push(resolve));
                running--;
                return i;
            });
        const jobs = [0, 1, 2, 3, 4].map(job);
        await expect(job(5)).rejects.toMatchObject({ statusCode: 503, message: DECODE_BUSY });
        // A sized copy holds no body while it waits: it queues whatever the length.
        const copy = slots.run(async () => 'copy', false);
        // One finished at a time: the next in line starts, never more than two at once.
        while (order.length < 5 || releases.length) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            releases.shift()?.();
        }
        expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
        expect(order).toEqual([0, 1, 2, 3, 4]);
        expect(most).toBe(2);
        expect(await copy).toBe('copy');
    });
});
