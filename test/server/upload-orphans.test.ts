// No orphan files: a profile picture is staged and committed with its row, as a catalogue picture is, so uploads
// at once leave exactly the one picture the row names; and what a crash left half-received is swept by age, in minutes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { makeApp, type TestApp } from './helpers';
import { member } from './people';
import { ROLE } from '../../schema/access';
import { halfReceivedAfterMs, SWEEP_EVERY_MS } from '../../server/infra/sweeps';

const picture = (hue: number) => sharp({ create: { width: 48, height: 48, channels: 3, background: { r: hue, g: 255 - hue, b: 90 } } }).png().toBuffer();

const uploadPicture = (t: TestApp, headers: Record<string, string>, body: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/profile/me/picture', headers: { ...headers, 'content-type': 'image/png' }, payload: body });

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** Sets a file's modification time `ms` ago. */
const aged = (file: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    fs.utimesSync(file, when, when);
};

describe('profile pictures leave no orphan file', () => {
    it('10 rounds of 5 uploads at once by one user leave exactly the picture the row names, and nothing staged', async () => {
        const t = await makeApp({ pictureRateLimit: 1000 });
        const asha = await member(t, 'asha@shop.test', ROLE.customer);
        const pictures = await Promise.all([0, 50, 100, 150, 200].map(picture));
        for (let round = 0; round < 10; round++) {
            const answers = await Promise.all(pictures.map((body) => uploadPicture(t, asha.headers, body)));
            for (const res of answers) expect(res.statusCode, res.body).toBe(200);
        }
        const rows = await t.app.db.selectFrom('profiles').select('profileImage').where('profileImage', 'is not', null).execute();
        const uploads = filesIn(path.join(t.config.dataDir, 'uploads'));
        console.log(`profile pictures after 10 rounds of 5 (${t.app.dbKind}): ${uploads.length} file(s) in uploads/, ${rows.length} row(s) naming one`);
        expect(rows).toHaveLength(1);
        expect(uploads.map((name) => `/uploads/${name}`)).toEqual([rows[0].profileImage]);
        expect(filesIn(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
        expect((await t.app.inject({ method: 'GET', url: rows[0].profileImage! })).statusCode).toBe(200);
    }, 120_000);

    it('removing the picture while uploads run leaves the files and the row agreeing', async () => {
        const t = await makeApp({ pictureRateLimit: 1000 });
        const asha = await member(t, 'asha@shop.test', ROLE.customer);
        const body = await picture(10);
        for (let round = 0; round < 5; round++) {
            await Promise.all([
                uploadPicture(t, asha.headers, body),
                t.app.inject({ method: 'POST', url: '/api/profile/me', headers: asha.headers, payload: { profileImage: '' } }),
                uploadPicture(t, asha.headers, body),
                t.app.inject({ method: 'POST', url: '/api/profile/me', headers: asha.headers, payload: { profileImage: '' } }),
            ]);
        }
        const row = await t.app.db.selectFrom('profiles').select('profileImage').executeTakeFirstOrThrow();
        const uploads = filesIn(path.join(t.config.dataDir, 'uploads')).map((name) => `/uploads/${name}`);
        expect(uploads).toEqual(row.profileImage ? [row.profileImage] : []);
        expect(filesIn(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    });
});

describe('half-received uploads are swept by age, in minutes', () => {
    it('at start: an old part of a video goes, a fresh one (an upload in progress) stays', async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-sweep-'));
        const partial = path.join(dataDir, 'videos', '.partial');
        fs.mkdirSync(partial, { recursive: true });
        fs.writeFileSync(path.join(partial, 'old.part'), 'half a video');
        fs.writeFileSync(path.join(partial, 'fresh.part'), 'half a video');
        // Older than UPLOAD_TIMEOUT_MS and its margin (35 minutes by default), far younger than the day it used to wait.
        aged(path.join(partial, 'old.part'), halfReceivedAfterMs({ uploadTimeoutMs: 30 * 60_000 }) + 60_000);
        aged(path.join(partial, 'fresh.part'), 60_000);
        const t = await makeApp({ dataDir });
        expect(filesIn(partial)).toEqual(['fresh.part']);
        expect(t.config.uploadTimeoutMs).toBe(30 * 60_000);
    });

    it('every few minutes while running: old parts, half-received files and unclaimed staged pictures go, fresh ones stay', async () => {
        vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
        try {
            const t = await makeApp();
            const partial = path.join(t.config.dataDir, 'videos', '.partial');
            const tmp = path.join(t.config.dataDir, 'tmp');
            const put = (dir: string, name: string, ageMs: number) => {
                fs.writeFileSync(path.join(dir, name), 'bytes');
                aged(path.join(dir, name), ageMs);
            };
            const halfReceived = halfReceivedAfterMs(t.config);
            put(partial, 'old.part', halfReceived + 60_000);
            put(partial, 'fresh.part', 1_000);
            // Staged pictures and multipart files no row claimed, older than the longest a request may take.
            const inFlight = t.config.uploadTimeoutMs;
            put(tmp, 'old.upload', inFlight + 60_000);
            put(tmp, 'fresh.upload', 1_000);
            put(tmp, '00000000-0000-4000-8000-000000000001.png', inFlight + 60_000);
            put(tmp, '00000000-0000-4000-8000-000000000002.png', 1_000);

            await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
            await vi.waitFor(() => expect(filesIn(partial)).toEqual(['fresh.part']), { timeout: 10_000, interval: 50 });
            await vi.waitFor(() => expect(filesIn(tmp).sort()).toEqual(['00000000-0000-4000-8000-000000000002.png', 'fresh.upload']), { timeout: 10_000, interval: 50 });
        } finally {
            vi.useRealTimers();
        }
    });
});
