// Crash test: `npm run crash-test`, on PostgreSQL with DATABASE_URL=postgres://… (a fresh database of
// its own is made beside the one named, and dropped after). It starts the real server (server/main.ts) on a
// temporary DATA_DIR, sends concurrent creates and image updates — pincodes as JSON, categories and banners as
// multipart with an image, the admin's profile picture as the image itself — and SIGKILLs the server at a random moment while they are in flight, then starts it
// again; a few rounds. It fails on any write that was answered 2xx and is not there after the restarts, any row
// whose image file is missing, any file under uploads/ that no row points at (an orphan), and anything left in
// the temporary folder after the start-up sweep.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './serverProbes';
import { prng } from './lib/fuzzRequests';
import { freshDatabase } from './lib/freshDatabase';

const { values } = parseArgs({
    options: {
        rounds: { type: 'string', default: '6' },
        writers: { type: 'string', default: '8' },
        seed: { type: 'string', default: String(Date.now() % 1e6) },
    },
});
const ROUNDS = Number(values.rounds);
const WRITERS = Number(values.writers);
const ADMIN = 'admin@crash.test';
/** A 1×1 PNG; padded per upload so a body takes a moment to arrive and a kill can land mid-upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Seeded, so a failing run can be repeated with --seed. */
const random = prng(Number(values.seed)).next;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The database: SQLite in DATA_DIR, or a fresh PostgreSQL database -----------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-crash-'));
const baseUrl = process.env.DATABASE_URL || undefined;
// A database of its own, so the server runs on its real configuration (DATABASE_URL) and nothing else is touched.
const database = baseUrl ? await freshDatabase(baseUrl, 'crash') : undefined;
const databaseUrl = database?.url;

// --- The server ---------------------------------------------------------------------------------------
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let serverLog = '';

async function start() {
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl ?? '',
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED_DEMO: 'false',
            ADMIN_EMAIL: ADMIN,
            LOG_LEVEL: 'warn',
            AUTH_RATE_LIMIT: '1000',
            SMTP_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = server;
    child.stdout!.on('data', (text: Buffer) => (serverLog = (serverLog + text.toString()).slice(-20_000)));
    child.stderr!.on('data', (text: Buffer) => (serverLog = (serverLog + text.toString()).slice(-20_000)));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${serverLog}`);
        const health = await fetch(`${origin}/api/health`).catch(() => undefined);
        if (health?.ok) return;
        await sleep(100);
    }
    throw new Error(`The server did not answer within a minute:\n${serverLog}`);
}

async function kill() {
    const child = server!;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
}

// --- Signing in through the code in the outbox ----------------------------------------------------------
async function signIn(): Promise<Record<string, string>> {
    const sent = await fetch(`${origin}/api/user_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN }) });
    if (!sent.ok) throw new Error(`user_login: ${sent.status} ${await sent.text()}`);
    const outbox = path.join(dataDir, 'outbox');
    for (let i = 0; i < 100; i++) {
        const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(ADMIN)).sort() : [];
        if (mails.length) {
            const text = (JSON.parse(fs.readFileSync(path.join(outbox, mails.at(-1)!), 'utf8')) as { text: string }).text;
            const otp = text.match(/\b(\d{6})\b/)![1];
            const verified = await fetch(`${origin}/api/userverify-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN, otp }) });
            if (!verified.ok) throw new Error(`userverify-otp: ${verified.status} ${await verified.text()}`);
            return { authorization: `Bearer ${((await verified.json()) as { token: string }).token}` };
        }
        await sleep(100);
    }
    throw new Error('No sign-in code arrived in the outbox');
}

// --- The writes ------------------------------------------------------------------------------------------
interface Acknowledged {
    url: string;
    id: number;
    /** What the row must hold: its name (or pincode), and the image when the answer gave one. */
    key: string;
    value: string;
    image?: string | null;
}
const acknowledged: Acknowledged[] = [];
/** Rows whose image was replaced (or may have been, by an update cut off by the kill): their image is not checked against the create's. */
const imageTouched = new Set<string>();
const counts = { sent: 0, acknowledged: 0, cutOff: 0, refused: 0 };
let serial = 0;

const image = () => new Blob([new Uint8Array(Buffer.concat([PNG, randomBytes(50_000 + Math.floor(random() * 400_000))]))], { type: 'image/png' });

/** The admin's own profile picture replaced: a picture committed with its row like the others, at most one file kept. */
async function profilePicture(headers: Record<string, string>) {
    counts.sent++;
    const bytes = Buffer.concat([PNG, randomBytes(50_000 + Math.floor(random() * 400_000))]);
    const res = await fetch(`${origin}/api/profile/me/picture`, { method: 'POST', headers: { ...headers, 'content-type': 'image/png' }, body: bytes }).catch(() => undefined);
    const text = res ? await res.text().catch(() => undefined) : undefined;
    if (!res || text === undefined) return void counts.cutOff++;
    if (res.status >= 500) throw new Error(`/api/profile/me/picture answered ${res.status}: ${text}`);
    if (res.ok) counts.acknowledged++;
    else counts.refused++;
}

async function oneWrite(headers: Record<string, string>) {
    const n = ++serial;
    const choice = random();
    if (choice >= 0.9) return profilePicture(headers);
    const existing = acknowledged.filter((row) => row.image !== undefined);
    let url: string;
    let body: FormData | string;
    let key: string;
    let value: string;
    let update: Acknowledged | undefined;
    if (choice < 0.3) {
        url = '/api/pincode';
        key = 'pincode';
        value = String(100000 + n);
        body = JSON.stringify({ pincode: value, prize: '40.00' });
    } else if (choice < 0.8 || !existing.length) {
        url = random() < 0.5 ? '/api/categories' : '/api/Baanner';
        key = 'name';
        value = `Crash ${n}`;
        body = new FormData();
        body.append('name', value);
        body.append('description', `Written in round ${n}`);
        body.append('image', image(), 'photo.png');
    } else {
        update = existing[Math.floor(random() * existing.length)];
        url = `${update.url}/${update.id}`;
        key = 'name';
        value = update.value;
        body = new FormData();
        body.append('image', image(), 'photo.png');
        imageTouched.add(`${update.url}/${update.id}`);
    }
    counts.sent++;
    const res = await fetch(`${origin}${url}`, { method: 'POST', headers: typeof body === 'string' ? { ...headers, 'content-type': 'application/json' } : headers, body }).catch(() => undefined);
    const text = res ? await res.text().catch(() => undefined) : undefined;
    if (!res || text === undefined) return void counts.cutOff++;
    if (res.status >= 500) throw new Error(`${url} answered ${res.status}: ${text}`);
    if (!res.ok) return void counts.refused++;
    counts.acknowledged++;
    const data = (JSON.parse(text) as { data: { id: number; image?: string | null } }).data;
    if (!update) acknowledged.push({ url, id: data.id, key, value, image: url === '/api/pincode' ? undefined : data.image });
}

/** WRITERS loops writing until the server is killed under them. */
async function round(headers: Record<string, string>) {
    let stop = false;
    const writers = Array.from({ length: WRITERS }, async () => {
        while (!stop) await oneWrite(headers);
    });
    await sleep(300 + random() * 1500);
    await kill();
    stop = true;
    await Promise.all(writers);
}

// --- The checks ------------------------------------------------------------------------------------------
const problems: string[] = [];

async function check(headers: Record<string, string>, final: boolean) {
    // Right after the start: the sweep has run and no request has staged anything yet.
    const leftovers = fs.readdirSync(path.join(dataDir, 'tmp'));
    if (leftovers.length) problems.push(`Left in tmp/ after the start-up sweep: ${leftovers.join(', ')}`);
    if (!final) return;
    const referenced = new Set<string>();
    const profile = (await (await fetch(`${origin}/api/profile/me`, { headers })).json()) as { profileImage?: string | null; data?: { profileImage?: string | null } };
    const picture = profile.data?.profileImage ?? profile.profileImage;
    if (picture) {
        referenced.add(picture);
        if (!fs.existsSync(path.join(dataDir, picture))) problems.push(`The profile points at ${picture}, which is not there`);
    }
    for (const list of ['/api/categories', '/api/Baanner']) {
        const rows = (await (await fetch(`${origin}${list}`, { headers })).json()) as Array<{ id: number; image: string | null }>;
        for (const row of rows) {
            if (!row.image) continue;
            referenced.add(row.image);
            if (!fs.existsSync(path.join(dataDir, row.image))) problems.push(`${list}/${row.id} points at ${row.image}, which is not there`);
        }
    }
    for (const row of acknowledged) {
        const res = await fetch(`${origin}${row.url}/${row.id}`, { headers });
        if (res.status !== 200) {
            problems.push(`Lost: ${row.url}/${row.id} (${row.value}) was acknowledged, now ${res.status}`);
            continue;
        }
        const stored = (await res.json()) as Record<string, unknown>;
        if (String(stored[row.key]) !== row.value) problems.push(`Changed: ${row.url}/${row.id} holds ${row.key} ${String(stored[row.key])}, acknowledged ${row.value}`);
        if (row.image && !imageTouched.has(`${row.url}/${row.id}`) && stored.image !== row.image) problems.push(`Image lost: ${row.url}/${row.id} holds ${String(stored.image)}, acknowledged ${row.image}`);
    }
    for (const name of fs.readdirSync(path.join(dataDir, 'uploads'))) {
        if (!referenced.has(`/uploads/${name}`)) problems.push(`Orphan: uploads/${name} has no row`);
    }
}

let failed = false;
const started = Date.now();
try {
    await start();
    const headers = await signIn();
    for (let i = 0; i < ROUNDS; i++) {
        await round(headers);
        await start();
        await check(headers, i === ROUNDS - 1);
    }
    const files = fs.readdirSync(path.join(dataDir, 'uploads')).length;
    console.log(
        `Crash test (${databaseUrl ? 'postgres' : 'sqlite'}, seed ${values.seed}): ${ROUNDS} SIGKILLs, ${counts.sent} writes sent, ${counts.acknowledged} acknowledged, ` +
            `${counts.cutOff} cut off by the kill, ${counts.refused} refused; ${acknowledged.length} rows and ${files} image files checked, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (problems.length) {
        failed = true;
        console.error(`\n${problems.length} problem(s):\n${problems.slice(0, 50).join('\n')}`);
    } else console.log('No acknowledged write lost, no orphan file, nothing stale in tmp/.');
} catch (error) {
    failed = true;
    console.error(error);
} finally {
    if (server) await kill();
    if (database) await database.drop().catch((error) => console.error(error));
    fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
