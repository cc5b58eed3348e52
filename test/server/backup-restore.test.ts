// `npm run backup` and `npm run restore`, run as the operator runs them (tsx scripts/backup.ts, restore.ts, in a
// process of their own, reading the settings from the environment) against a real shop: SQLite under a data
// folder, or with TEST_DATABASE_URL a PostgreSQL database of its own (public schema, as a shop runs it); disk or a
// bucket (the local S3 stand-in, as in s3-storage.test.ts). The shop keeps taking products and orders while the
// backup runs; the restored shop is served by a real app and read through the API.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { freshDatabase, type FreshDatabase } from '../../scripts/lib/freshDatabase';
import { bucketEnv, s3Standin, type BucketSettings, type S3Standin } from '../../scripts/lib/s3Standin';
import type { Manifest } from '../../scripts/lib/backup/manifest';
import { databaseUrl, form, signIn } from './helpers';
import { apples } from './catalogue';
import { basket, orderShop, type OrderShop } from './orderShop';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const kind = databaseUrl ? 'PostgreSQL' : 'SQLite';

/**
 * PostgreSQL databases for the places of a test, emptied for each: dropping a database waits for a checkpoint,
 * which on the shared test server took over two minutes for the eight a database per place made (and still may
 * take one or two for these, hence the long hook).
 */
const databases: FreshDatabase[] = [];
let databasesUsed = 0;
const folders: string[] = [];
const apps: FastifyInstance[] = [];
let standin: S3Standin;

beforeAll(async () => {
    standin = await s3Standin();
});
beforeEach(() => {
    databasesUsed = 0;
});
afterEach(async () => {
    while (apps.length) await apps.pop()!.close();
});
afterAll(async () => {
    await standin.close();
    await Promise.all(databases.map((database) => database.drop()));
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}, 300_000);

const tempFolder = (prefix: string) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(folder);
    return folder;
};

/** Where a shop lives: a data folder, and on PostgreSQL a database of its own; optionally a bucket. */
interface Place {
    dataDir: string;
    databaseUrl?: string;
    bucket?: BucketSettings;
}

/** A database of this file's whose public schema is empty, as a new database's is. */
async function emptyDatabase(baseUrl: string): Promise<string> {
    if (databasesUsed === databases.length) databases.push(await freshDatabase(baseUrl, 'backup_test'));
    const { url } = databases[databasesUsed++];
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
        await client.query('drop schema public cascade; create schema public');
    } finally {
        await client.end();
    }
    return url;
}

async function freshPlace(bucket?: BucketSettings): Promise<Place> {
    const place: Place = { dataDir: tempFolder('backup-shop-'), bucket };
    if (databaseUrl) place.databaseUrl = await emptyDatabase(databaseUrl);
    return place;
}

/** The settings a place gives the server, as config overrides and as the environment the commands read. */
const overridesOf = (place: Place): Partial<Config> => ({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, databaseSchema: undefined, ...place.bucket });
const envOf = (place: Place): Record<string, string> => ({
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? '',
    S3_BUCKET: '',
    ...(place.bucket ? bucketEnv(place.bucket) : {}),
});

interface Run {
    code: number;
    stdout: string;
    stderr: string;
    seconds: number;
}

/** Runs one of the commands as `npm run` does, in a process of its own. */
function command(script: 'backup' | 'restore', args: string[], place: Place): Promise<Run> {
    const started = performance.now();
    return new Promise((resolve) => {
        // NODE_NO_WARNINGS: the AWS SDK warns about Node 20 on stderr, where the commands' own words are checked.
        const env = { ...process.env, ...envOf(place), NODE_NO_WARNINGS: '1' };
        execFile(TSX, [`scripts/${script}.ts`, ...args], { cwd: ROOT, env }, (error, stdout, stderr) => {
            const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
            resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 });
        });
    });
}

/** A picture of its own for each product (sharp, no fixture files). */
const picture = (n: number) =>
    sharp({ create: { width: 48 + (n % 7), height: 32, channels: 3, background: { r: (n * 37) % 256, g: (n * 11) % 256, b: (n * 5) % 256 } } })
        .png()
        .toBuffer();

interface Product {
    id: number;
    name: string;
    pictures: string[];
}

async function addProduct(shop: OrderShop, n: number): Promise<Product> {
    const res = await shop.admin('POST', '/api/products', form({ ...apples, name: `Product ${n}`, image: await picture(n), images: [await picture(n + 1000), await picture(n + 2000)] }));
    if (res.statusCode !== 201) throw new Error(res.body);
    const { id, name, image, images } = res.json().data as { id: number; name: string; image: string; images: string[] };
    return { id, name, pictures: [image, ...images] };
}

/** An MP4 of `size` bytes: an `ftyp` box naming the isom brand, then a `free` box of varied bytes. */
function mp4(size: number): Buffer {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    const free = Buffer.alloc(size - ftyp.length);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4);
    for (let i = 8; i < free.length; i++) free[i] = (i * 7) % 251;
    return Buffer.concat([ftyp, free]);
}

/** Uploads a video to the library; answers its signed stream link and its bytes. */
async function addVideo(shop: OrderShop, headers: Record<string, string>) {
    const bytes = mp4(300_000);
    const boundary = '----backuptest';
    const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="recipe.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await shop.app.inject({ method: 'POST', url: '/api/uploadvideo', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return { url: (res.json().video as { url: string }).url, bytes };
}

/** A shop with products, pictures, a video and orders, made through the API on `place`, and an administrator's session. */
async function shopWithPictures(place: Place, products: number) {
    // The data folder is makeApp's own, where the sign-in helpers find their mail.
    const { dataDir: _own, ...overrides } = overridesOf(place);
    const shop = await orderShop(overrides);
    place.dataDir = shop.config.dataDir;
    const headers = await signIn(shop);
    const made: Product[] = [];
    for (let n = 1; n <= products; n++) made.push(await addProduct(shop, n));
    for (let n = 0; n < 5; n++) expect((await shop.asha('POST', '/api/orders', basket)).statusCode).toBe(201);
    const video = await addVideo(shop, headers);
    // A video half received when the backup runs: not a stored file, and left out.
    fs.mkdirSync(path.join(place.dataDir, 'videos', '.partial'), { recursive: true });
    fs.writeFileSync(path.join(place.dataDir, 'videos', '.partial', 'half.upload'), mp4(1000));
    return { shop, products: made, headers, video };
}

/** The video streams from the restored shop byte for byte, by the link the first shop gave. */
async function expectVideo(app: FastifyInstance, video: { url: string; bytes: Buffer }) {
    const res = await app.inject({ method: 'GET', url: video.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(video.bytes)).toBe(true);
}

/** The bytes of every picture, as the app serves them. */
async function picturesOf(app: FastifyInstance, products: Product[]) {
    const bytes = new Map<string, Buffer>();
    for (const product of products) {
        for (const url of product.pictures) {
            const res = await app.inject({ method: 'GET', url });
            expect(res.statusCode, `${url} of ${product.name}`).toBe(200);
            bytes.set(url, res.rawPayload);
        }
    }
    return bytes;
}

/** The product as the app reads it (its pictures: the main one, then the gallery), or null when there is none. */
async function productOn(app: FastifyInstance, headers: Record<string, string>, id: number): Promise<Product | null> {
    const res = await app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
    if (res.statusCode === 404) return null;
    expect(res.statusCode, res.body).toBe(200);
    const { name, image, images } = res.json() as { name: string; image: string; images: string[] };
    return { id, name, pictures: [image, ...images] };
}

/** An app on a restored place. */
async function appOn(place: Place) {
    const config = loadConfig({ DATA_DIR: place.dataDir, SEED_DEMO: 'false' }, { ...overridesOf(place), appDir: path.join(place.dataDir, 'no-app'), authRateLimit: 1000 });
    const app = await buildApp(config, false);
    apps.push(app);
    return app;
}

const backupFolderOf = (run: Run) => run.stdout.trim().split('\n').at(-1)!;
const manifestOf = (backup: string) => JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as Manifest;
const sizeOf = (manifest: Manifest) => manifest.files.reduce((sum, file) => sum + file.size, 0);

async function tablesIn(place: Place): Promise<number> {
    if (!place.databaseUrl) return fs.existsSync(path.join(place.dataDir, 'backoffice.sqlite')) ? 1 : 0;
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
        return (await client.query(`select 1 from information_schema.tables where table_schema = 'public'`)).rowCount ?? 0;
    } finally {
        await client.end();
    }
}

/** Takes a backup while the shop keeps taking products with pictures and orders; answers what was written meanwhile. */
async function backupWhileWriting(shop: OrderShop, place: Place, backups: string) {
    let running = true;
    const backup = command('backup', [backups], place).finally(() => (running = false));
    const during: Product[] = [];
    let orders = 0;
    for (let n = 10_000; running; n++) {
        during.push(await addProduct(shop, n));
        if ((await shop.asha('POST', '/api/orders', basket)).statusCode === 201) orders++;
    }
    return { run: await backup, during, orders };
}

describe(`backup and restore (${kind})`, () => {
    it('backs up a shop that keeps writing, and restores it whole: every product acknowledged before, with its pictures byte for byte', async () => {
        const source = await freshPlace();
        // The administrator's session was taken before the backup: the restored shop knows it too.
        const { shop, products, headers, video } = await shopWithPictures(source, 20);
        const backups = tempFolder('backups-');

        const { run, during, orders } = await backupWhileWriting(shop, source, backups);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(during.length).toBeGreaterThan(0);
        const backup = backupFolderOf(run);
        expect(path.basename(backup)).toMatch(/^grocer-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
        expect(fs.readdirSync(backups)).toEqual([path.basename(backup)]);
        const manifest = manifestOf(backup);
        expect(manifest).toMatchObject({ database: { kind: databaseUrl ? 'postgres' : 'sqlite', migration: expect.any(String) }, media: { source: 'disk' }, missing: [] });
        expect(manifest.database.tables.products).toBeGreaterThanOrEqual(4 + products.length);
        expect(manifest.files.filter((file) => file.path.startsWith('media/videos/'))).toEqual([expect.objectContaining({ size: video.bytes.length })]);

        const target = await freshPlace();
        const restored = await command('restore', [backup], target);
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        expect(restored.stdout).toMatch(/Verified/);
        // A second restore finds the shop there and refuses; --force replaces it.
        const again = await command('restore', [backup], target);
        expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/already holds a shop/) });
        expect((await command('restore', [backup, '--force'], target)).code).toBe(0);

        const app = await appOn(target);
        const before = await picturesOf(shop.app, products);
        const after = await picturesOf(app, products);
        for (const [url, bytes] of before) expect(after.get(url)?.equals(bytes), url).toBe(true);
        for (const product of products) expect(await productOn(app, headers, product.id), product.name).toEqual(product);
        await expectVideo(app, video);
        // What was written during the backup is either wholly in it (the product and its pictures) or not at all.
        const kept: Product[] = [];
        for (const product of during) {
            const found = await productOn(app, headers, product.id);
            if (!found) continue;
            expect(found).toEqual(product);
            kept.push(product);
        }
        const duringBefore = await picturesOf(shop.app, kept);
        const duringAfter = await picturesOf(app, kept);
        for (const [url, bytes] of duringBefore) expect(duringAfter.get(url)?.equals(bytes), url).toBe(true);
        expect(manifest.database.tables.products).toBe(4 + products.length + kept.length);

        console.log(
            `${kind}: ${products.length} products (${products.length * 3} pictures) and 5 orders before; ${during.length} products and ${orders} orders during the backup ` +
                `(${kept.length} in it). Backup ${(sizeOf(manifest) / 1024).toFixed(0)} KB (${manifest.files.length} files) in ${run.seconds.toFixed(1)} s; ` +
                `restore in ${restored.seconds.toFixed(1)} s (both counting tsx's start). ${run.stdout.split('\n')[0]} ${restored.stdout.trim()}`,
        );
    }, 120_000);

    it('refuses a damaged backup before writing anything, naming the file', async () => {
        const source = await freshPlace();
        const { products } = await shopWithPictures(source, 2);
        const run = await command('backup', [tempFolder('backups-')], source);
        expect(run.code).toBe(0);
        const backup = backupFolderOf(run);
        const damaged = `media${products[1].pictures[2]}`;
        const file = path.join(backup, damaged);
        const bytes = fs.readFileSync(file);
        bytes[bytes.length >> 1] ^= 0xff;
        fs.writeFileSync(file, bytes);

        const target = await freshPlace();
        const refused = await command('restore', [backup], target);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`The backup is damaged: ${damaged} does not match its checksum`);
        expect(await tablesIn(target)).toBe(0);
        expect(fs.readdirSync(target.dataDir)).toEqual([]);

        // A file gone, and a manifest edited by hand, are refused the same way.
        fs.rmSync(file);
        expect((await command('restore', [backup], target)).stderr).toContain(`${damaged} is missing`);
        fs.writeFileSync(path.join(backup, 'manifest.json'), '{"format": "grocer-backup/1", "files": [');
        expect((await command('restore', [backup], target)).stderr).toContain('manifest.json is damaged: it is not valid JSON');
        expect(await tablesIn(target)).toBe(0);
    }, 60_000);

    it('refuses to restore over a shop, which stays as it was', async () => {
        const source = await freshPlace();
        const { shop } = await shopWithPictures(source, 1);
        const run = await command('backup', [tempFolder('backups-')], source);
        await shop.admin('POST', '/api/products/toggleProductStatus/1', { newStatus: 0 });
        const refused = await command('restore', [backupFolderOf(run)], source);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/^The target already holds a shop \(.*table\(s\).*3 file\(s\) in uploads\/; .*1 file\(s\) in videos\/\): nothing was restored\./);
        expect((await shop.admin('GET', '/api/products/1')).json().status).toBe(0);
    }, 60_000);

    it('leaves no backup behind when it cannot take one, and a folder without a manifest is no backup', async () => {
        const backups = tempFolder('backups-');
        const nowhere = { dataDir: path.join(tempFolder('empty-'), 'no-shop'), databaseUrl: databaseUrl && Object.assign(new URL(databaseUrl), { pathname: '/no_such_shop_database' }).toString() };
        const failed = await command('backup', [backups], nowhere);
        expect(failed.code).toBe(1);
        expect(failed.stderr).toMatch(databaseUrl ? /Cannot reach the database/ : /There is no shop database at/);
        expect(fs.readdirSync(backups)).toEqual([]);

        const half = path.join(backups, '.grocer-backup-2026-11-29T01-02-03Z.partial');
        fs.mkdirSync(path.join(half, 'database'), { recursive: true });
        const refused = await command('restore', [half], await freshPlace());
        expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a finished backup: it has no manifest.json') });
    }, 60_000);

    it('backs up the pictures of a shop in a bucket, and restores them into another bucket', async () => {
        const source = await freshPlace(await standin.bucket(`backup-src-${Date.now()}`));
        const { shop, products, headers, video } = await shopWithPictures(source, 5);
        const run = await command('backup', [tempFolder('backups-')], source);
        expect(run.stderr).toBe('');
        const backup = backupFolderOf(run);
        const manifest = manifestOf(backup);
        expect(manifest.media).toEqual({ source: 's3', bucket: source.bucket!.s3Bucket });
        expect(manifest.files.filter((file) => file.path.startsWith('media/uploads/'))).toHaveLength(15);
        // Nothing of the shop is on its disk: the pictures came from the bucket.
        expect(fs.existsSync(path.join(source.dataDir, 'uploads'))).toBe(false);
        expect(manifest.files.filter((file) => file.path.startsWith('media/videos/'))).toHaveLength(1);

        const target = await freshPlace(await standin.bucket(`backup-dst-${Date.now()}`));
        const restored = await command('restore', [backup], target);
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        const app = await appOn(target);
        const before = await picturesOf(shop.app, products);
        const after = await picturesOf(app, products);
        for (const [url, bytes] of before) expect(after.get(url)?.equals(bytes), url).toBe(true);
        for (const product of products) expect(await productOn(app, headers, product.id)).toEqual(product);
        await expectVideo(app, video);
    }, 60_000);
});
