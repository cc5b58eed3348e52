// Not run again on PostgreSQL: copies files to a bucket, no SQL.
// `npm run media:migrate`: an existing shop's DATA_DIR/uploads and videos are copied into a bucket, checked, and a
// run that was interrupted is completed by running it again. A local S3 stand-in (@20minutes/s3rver) runs in this
// process, as in s3-storage.test.ts.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    UploadPartCommand,
    type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PART_BYTES, s3Client } from '../../server/infra/storage/s3Storage';
import { migrateMedia, type MigrationOptions } from '../../scripts/lib/mediaMigration';
import { bucketEnv, s3Standin, type S3Standin } from '../../scripts/lib/s3Standin';
import { makeApp, PNG } from './helpers';

let standin: S3Standin;
let buckets = 0;
const dataDirs: string[] = [];

beforeAll(async () => {
    standin = await s3Standin();
});

afterAll(async () => {
    await standin.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshBucket() {
    const settings = await standin.bucket(`migrate-${++buckets}`);
    return { settings, client: s3Client(settings), bucket: settings.s3Bucket };
}

/** A shop's DATA_DIR as a disk store leaves it: images, a video over one part, and a half-received video. */
function shopDataDir(): { dataDir: string; files: Record<string, Buffer> } {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-shop-'));
    dataDirs.push(dataDir);
    const files: Record<string, Buffer> = {
        'uploads/0b6c1a4e-tea.png': PNG,
        'uploads/3f9d2c7a-rice.jpg': randomBytes(200_000),
        'uploads/7a1e5d3b-dal.webp': randomBytes(50_000),
        'videos/5c2e8f1a-recipe.mp4': randomBytes(PART_BYTES + 1_234_567),
    };
    for (const [key, bytes] of Object.entries(files)) {
        fs.mkdirSync(path.join(dataDir, path.dirname(key)), { recursive: true });
        fs.writeFileSync(path.join(dataDir, key), bytes);
    }
    fs.mkdirSync(path.join(dataDir, 'videos', '.partial'));
    fs.writeFileSync(path.join(dataDir, 'videos', '.partial', 'half.upload'), randomBytes(1000));
    return { dataDir, files };
}

const keys = async (s3: S3Client, Bucket: string) => ((await s3.send(new ListObjectsV2Command({ Bucket }))).Contents ?? []).map((item) => item.Key!).sort();

const bytesOf = async (s3: S3Client, Bucket: string, Key: string) => Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray());

async function expectAllCopied(s3: S3Client, Bucket: string, files: Record<string, Buffer>) {
    expect(await keys(s3, Bucket)).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) expect((await bytesOf(s3, Bucket, key)).equals(bytes), key).toBe(true);
}

const quiet = (options: Omit<MigrationOptions, 'log'>) => migrateMedia({ ...options, log: () => undefined });
const total = (files: Record<string, Buffer>) => Object.values(files).reduce((sum, bytes) => sum + bytes.length, 0);

describe('media:migrate', () => {
    it('copies every file of uploads/ and videos/ under the keys the server reads, with their types, and leaves the local files', async () => {
        const { client, bucket } = await freshBucket();
        const { dataDir, files } = shopDataDir();
        const summary = await quiet({ dataDir, bucket, client });
        expect(summary).toMatchObject({ copied: 4, skipped: 0, failed: 0, bytes: total(files), missing: [] });
        await expectAllCopied(client, bucket, files);
        const video = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'videos/5c2e8f1a-recipe.mp4' }));
        expect(video.ContentType).toBe('video/mp4');
        const image = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'uploads/3f9d2c7a-rice.jpg' }));
        expect(image.ContentType).toBe('image/jpeg');
        for (const key of Object.keys(files)) expect(fs.existsSync(path.join(dataDir, key))).toBe(true);

        // A second run finds everything there; with --check it reads every object back.
        expect(await quiet({ dataDir, bucket, client })).toMatchObject({ copied: 0, skipped: 4, failed: 0, bytes: 0 });
        expect(await quiet({ dataDir, bucket, client, check: true })).toMatchObject({ copied: 0, skipped: 4, failed: 0 });
    }, 30_000);

    it('resumes: a run that failed partway through the video, over files partly copied before, is completed by the next', async () => {
        const { client, bucket } = await freshBucket();
        const { dataDir, files } = shopDataDir();
        const put = (Key: string, Body: Buffer) => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
        // Copied before the interruption, and one cut short (another size).
        await put('uploads/0b6c1a4e-tea.png', PNG);
        await put('uploads/3f9d2c7a-rice.jpg', files['uploads/3f9d2c7a-rice.jpg'].subarray(0, 1000));

        // The connection drops on the video's second part.
        const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
        const spy = vi.spyOn(client, 'send').mockImplementation(((command: unknown) => {
            if (command instanceof UploadPartCommand && command.input.PartNumber === 2) return Promise.reject(new Error('socket hang up'));
            return send(command);
        }) as never);
        const first = await quiet({ dataDir, bucket, client });
        spy.mockRestore();
        expect(first).toMatchObject({ copied: 2, skipped: 1, failed: 1 });
        // The stand-in cannot abort a multipart upload, which is said beside the cause.
        expect(first.failures).toEqual([{ key: 'videos/5c2e8f1a-recipe.mp4', reason: expect.stringMatching(/^socket hang up/) }]);
        expect(await keys(client, bucket)).not.toContain('videos/5c2e8f1a-recipe.mp4');

        const second = await quiet({ dataDir, bucket, client });
        expect(second).toMatchObject({ copied: 1, skipped: 3, failed: 0, bytes: files['videos/5c2e8f1a-recipe.mp4'].length });
        await expectAllCopied(client, bucket, files);
    }, 30_000);

    it('reports a copy whose bytes read back differ, removes that object, and copies it on the next run', async () => {
        const { client, bucket } = await freshBucket();
        const { dataDir, files } = shopDataDir();
        const victim = 'uploads/7a1e5d3b-dal.webp';
        const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
        const spy = vi.spyOn(client, 'send').mockImplementation(((command: unknown) => {
            if (command instanceof GetObjectCommand && command.input.Key === victim) {
                const garbled = Buffer.from(files[victim]);
                garbled[100] ^= 0xff;
                return Promise.resolve({ Body: Readable.from([garbled]) });
            }
            return send(command);
        }) as never);
        const first = await quiet({ dataDir, bucket, client });
        spy.mockRestore();
        expect(first).toMatchObject({ copied: 3, failed: 1 });
        expect(first.failures[0]).toMatchObject({ key: victim, reason: expect.stringMatching(/does not match.*SHA-256/) });
        expect(await keys(client, bucket)).not.toContain(victim);

        expect(await quiet({ dataDir, bucket, client })).toMatchObject({ copied: 1, skipped: 3, failed: 0 });
        await expectAllCopied(client, bucket, files);
    }, 30_000);

    it('with check, copies again an object of the right size whose bytes differ', async () => {
        const { client, bucket } = await freshBucket();
        const { dataDir, files } = shopDataDir();
        const key = 'uploads/3f9d2c7a-rice.jpg';
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.alloc(files[key].length) }));
        expect(await quiet({ dataDir, bucket, client, check: false })).toMatchObject({ copied: 3, skipped: 1 });
        expect(await quiet({ dataDir, bucket, client, check: true })).toMatchObject({ copied: 1, skipped: 3, failed: 0 });
        await expectAllCopied(client, bucket, files);
    }, 30_000);

    it('says which folders are missing and copies what there is', async () => {
        const { client, bucket } = await freshBucket();
        const { dataDir } = shopDataDir();
        fs.rmSync(path.join(dataDir, 'videos'), { recursive: true });
        const lines: string[] = [];
        const summary = await migrateMedia({ dataDir, bucket, client, log: (line) => lines.push(line) });
        expect(summary).toMatchObject({ copied: 3, failed: 0, missing: [path.join(dataDir, 'videos')] });
        expect(lines[0]).toBe(`No folder ${path.join(dataDir, 'videos')}: nothing to copy from it.`);
    });

    it('serves a migrated image through a server started on the bucket', async () => {
        const { client, bucket, settings } = await freshBucket();
        const { dataDir } = shopDataDir();
        await quiet({ dataDir, bucket, client });
        const t = await makeApp(settings);
        const served = await t.app.inject({ method: 'GET', url: '/uploads/0b6c1a4e-tea.png' });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.rawPayload.equals(PNG)).toBe(true);
    });
});

describe('npm run media:migrate', () => {
    const run = (env: Record<string, string>, args: string[] = []) =>
        promisify(execFile)('npx', ['tsx', 'scripts/media-migrate.ts', ...args], { env: { ...process.env, ...env } }).then(
            ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
            (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
        );

    it('copies, prints the summary and exits 0; a second run skips; a bucket it cannot reach or no S3_BUCKET exits 1', async () => {
        const { client, bucket, settings } = await freshBucket();
        const { dataDir, files } = shopDataDir();
        const env = { DATA_DIR: dataDir, ...bucketEnv(settings) };
        const first = await run(env);
        expect(first.code, first.stderr).toBe(0);
        expect(first.stdout).toContain(`Copied 4 file(s) (${(total(files) / 1024 / 1024).toFixed(1)} MB) to bucket "${bucket}", skipped 0 already there, 0 failed.`);
        expect(first.stdout).toContain('No local file was deleted');
        await expectAllCopied(client, bucket, files);

        const again = await run(env, ['--check']);
        expect(again.code, again.stderr).toBe(0);
        expect(again.stdout).toContain('Copied 0 file(s) (0.0 KB)');
        expect(again.stdout).toContain('skipped 4 already there, 0 failed.');

        const elsewhere = await run({ ...env, S3_BUCKET: 'no-such-bucket' });
        expect(elsewhere.code).toBe(1);
        expect(elsewhere.stderr).toContain('Cannot reach the bucket "no-such-bucket"');

        const unset = await run({ ...env, S3_BUCKET: '' });
        expect(unset.code).toBe(1);
        expect(unset.stderr).toContain('S3_BUCKET is not set');
    }, 60_000);
});
