// Cluster test: `npm run cluster-test`. A fresh PostgreSQL database (beside DATABASE_URL's, dropped
// after), a local S3-compatible server, a local SMTP sink, three instances of server/main.ts started at once
// behind HAProxy, and a mixed workload through the balancer — sign-ins by mailed code, categories and banners
// with pictures, a video upload, orders paid through the test provider, readers — while one instance is
// SIGKILLed and restarted. Then the limits are probed through the balancer, the mail queue drained, all three
// restarted (their sweeps settle what the kill left), and it fails on: an acknowledged write lost, a file not
// readable alike through every instance, an object without its row or a row without its object, a mail sent
// twice or not at all, a limit letting through more than one instance allows, a background job run twice.
import pg from 'pg';
import { entities } from '../schema';
import { imageColumns } from '../server/app';
import { MAX_CODE_MAILS } from '../server/features/signIn/signInCodes';
import { s3Storage } from '../server/infra/storage/s3Storage';
import { haproxy } from './lib/cluster/balancer';
import { checkJobs, checkMails, checkObjects, checkVideo, checkWrites, mailRetries, slowestCode } from './lib/cluster/checks';
import { Client } from './lib/cluster/client';
import { instance } from './lib/cluster/instance';
import { freshDatabase } from './lib/freshDatabase';
import { perAccountCap, perClientLimit } from './lib/cluster/probes';
import { mp4, newLedger, orderAndPay, read, signInAgain, uploadVideo, writeCatalogue, type Shopper } from './lib/cluster/workload';
import { bucketEnv, s3Standin } from './lib/s3Standin';
import { smtpSink } from './lib/smtpSink';
import { freePort } from './serverProbes';

const ADMIN = 'owner@cluster.test';
const AUTH_LIMIT = 10;
/** Staged objects younger than this are spared by the sweeps (another instance's request may own them). */
const UPLOAD_TIMEOUT_MS = 20_000;
const WORKLOAD_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => Number(((Date.now() - since) / 1000).toFixed(1));

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const problems: string[] = [];
const cleanups: Array<() => Promise<unknown> | unknown> = [];
const figures: Record<string, unknown> = {};
let failed = false;

try {
    const database = await freshDatabase(baseUrl, 'cluster');
    cleanups.push(() => database.drop());
    const databaseUrl = database.url;
    const standin = await s3Standin();
    cleanups.push(() => standin.close());
    const bucket = await standin.bucket('cluster');
    const sink = await smtpSink();
    cleanups.push(() => sink.close());
    const env = {
        ...bucketEnv(bucket),
        DATABASE_URL: databaseUrl,
        SMTP_URL: sink.url,
        SEED_DEMO: 'true',
        ADMIN_EMAIL: ADMIN,
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        // The workload's actors stand for distinct remote clients: their X-Forwarded-For is believed from loopback.
        TRUST_PROXY: 'loopback',
        AUTH_RATE_LIMIT: String(AUTH_LIMIT),
        ORDER_RATE_LIMIT: '1000',
        UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS),
        MAIL_LEASE_MS: '10000',
        APP_SECRET: '',
        TEST_PAYMENT_SECRET: '',
        REDIS_URL: process.env.CLUSTER_REDIS_URL ?? '',
    };
    const nodes = await Promise.all(['one', 'two', 'three'].map(async (name) => instance(name, await freePort(), env)));
    cleanups.push(async () => {
        await Promise.all(nodes.map((node) => node.kill()));
        for (const node of nodes) node.remove();
    });

    let since = Date.now();
    await Promise.all(nodes.map((node) => node.start()));
    figures.startThreeAtOnceS = seconds(since);
    const balancer = await haproxy(await freePort(), nodes.map((node) => node.port));
    cleanups.push(() => balancer.close());

    // --- Actors ---------------------------------------------------------------------------------------
    const staff = new Client(balancer.origin, '10.1.0.1');
    const token = await staff.signIn(ADMIN, sink);
    const products = (await staff.must('GET', '/api/products', { token })).json<Array<{ id: number; stock: number | null; status: number }>>();
    // Untracked stock (none) or plenty of it: the workload's orders must not run a product out.
    const stocked = products.filter((product) => Number(product.status) === 1 && (product.stock === null || product.stock >= 40)).map((product) => product.id);
    if (!stocked.length) throw new Error('The demo shop has no product to order');
    const pincodes = (await staff.must('GET', '/api/pincode', { token })).json<Array<{ pincode: string; status: number }>>();
    const pincode = pincodes.find((row) => Number(row.status) === 1)!.pincode;
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 4; i++) {
        const client = new Client(balancer.origin, `10.1.1.${i + 1}`);
        const email = `shopper${i + 1}@cluster.test`;
        const body = { name: `Shopper ${i + 1}`, email, contact_no: `98765432${10 + i}`, address: `${i + 1} Market Road`, pincode, password: 'secret-enough' };
        // Registration gives no session (it answers a taken address alike): the shopper signs in with a mailed code.
        await client.must('POST', '/api/user_register', { json: body }, [201]);
        shoppers.push({ client, email, token: await client.signIn(email, sink) });
    }
    const probeAccount = new Client(balancer.origin, '10.1.2.1');
    await probeAccount.must('POST', '/api/user_register', { json: { name: 'Probe', email: 'probe@cluster.test', contact_no: '9876500000', address: '1 Probe Lane', pincode, password: 'secret-enough' } });

    // --- The workload, and a kill in the middle of it ---------------------------------------------------
    const ledger = newLedger();
    let stop = false;
    const started = Date.now();
    const pick = () => stocked[Math.floor(Math.random() * stocked.length)];
    const loops = [
        ...Array.from({ length: 3 }, async () => {
            while (!stop) await writeCatalogue(staff, token, ledger);
        }),
        ...shoppers.map(async (shopper, i) => {
            let signedInAgain = false;
            while (!stop) {
                await orderAndPay(shopper, pick(), pincode, ledger);
                if (!signedInAgain && Date.now() - started > 3000 * (i + 1)) {
                    signedInAgain = true;
                    await signInAgain(shopper, sink, ledger).catch((error) => problems.push(`Sign-in of ${shopper.email}: ${(error as Error).message}`));
                }
            }
        }),
        (async () => {
            while (!stop) await read(staff, token, ledger);
        })(),
        uploadVideo(staff, token, mp4(24 * 1024 * 1024), ledger),
    ];
    await sleep(5000 + Math.random() * 5000);
    if (!process.env.CLUSTER_NO_KILL) {
        const victim = nodes[Math.floor(Math.random() * nodes.length)];
        await victim.kill();
        figures.killed = `${victim.name} at ${seconds(started)} s`;
        await sleep(1500);
        since = Date.now();
        await victim.start();
        figures.restartAfterKillS = seconds(since);
    }
    await sleep(Math.max(0, WORKLOAD_MS - (Date.now() - started)));
    stop = true;
    await Promise.all(loops);
    const lastWrite = Date.now();

    // --- Limits, through the balancer ---------------------------------------------------------------------
    figures.signInRequestsLetThrough = `${await perClientLimit(balancer.origin, AUTH_LIMIT, 3 * AUTH_LIMIT, problems)} of ${3 * AUTH_LIMIT} (limit ${AUTH_LIMIT})`;
    const capChecked = await perAccountCap(balancer.origin, 'probe@cluster.test', MAX_CODE_MAILS, 12);

    // --- Quiet: the queue drains, the staged objects age past the sweeps' grace, all three restart ----------
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    for (let i = 0; i < 600; i++) {
        const { rows } = await db.query('select count(*)::int as n from mail_queue where sent_at is null');
        if (rows[0].n === 0) break;
        await sleep(100);
    }
    await sleep(Math.max(0, lastWrite + UPLOAD_TIMEOUT_MS + 1000 - Date.now()));
    await Promise.all(nodes.map((node) => node.stop()));
    since = Date.now();
    await Promise.all(nodes.map((node) => node.start()));
    figures.restartThreeAtOnceS = seconds(since);
    // HAProxy marked all three down while they were stopped; the checks go through it once its health checks see one up.
    for (let i = 0; i < 100 && (await staff.call('GET', '/api/health'))?.status !== 200; i++) await sleep(100);

    // --- Checks -------------------------------------------------------------------------------------------
    await checkWrites(ledger, staff, token, nodes, problems);
    await checkVideo(ledger, nodes, problems);
    await checkObjects(db, s3Storage(bucket), imageColumns(entities), problems);
    figures.mailsSentAgainAfterTheKill = await checkMails(db, sink, ledger, process.env.CLUSTER_NO_KILL ? 0 : 1, problems);
    figures.slowestSignInCode = await slowestCode(db);
    figures.mailsRetried = mailRetries(nodes);
    figures.codesMailedToOneAccount = `${capChecked(sink, problems)} (cap ${MAX_CODE_MAILS})`;
    figures.jobRuns = checkJobs(nodes, problems);
    problems.push(...ledger.errors);
    for (const node of nodes) {
        const troubles = node.records.filter((record) => Number(record.level) >= 50);
        if (troubles.length) problems.push(`${node.name} logged ${troubles.length} error(s), e.g. ${JSON.stringify(troubles[0]).slice(0, 600)}`);
    }
    console.log(
        `Cluster test: 3 instances behind HAProxy, PostgreSQL, S3 stand-in. ${ledger.counts.sent} requests in the workload: ${ledger.counts.acknowledged} acknowledged, ` +
            `${ledger.counts.cutOff} cut off by the kill, ${ledger.counts.refused} refused; ${ledger.images.length} pictures, ${ledger.orders.length} orders ` +
            `(${ledger.orders.filter((order) => order.paid).length} paid), ${ledger.signIns + 1} sign-ins, ${sink.messages.length} mails, video ${ledger.video ? 'uploaded' : 'missing'}.`,
    );
    for (const [what, example] of ledger.refusals) console.log(`Refused: ${what}, e.g. ${example}`);
    console.log(JSON.stringify(figures, null, 2));
    if (problems.length) {
        failed = true;
        console.error(`\n${problems.length} problem(s):\n${problems.slice(0, 50).join('\n')}`);
    } else console.log('No acknowledged write lost, every file alike on every instance, no orphan object, every mail once, limits shared, each job alone.');
} catch (error) {
    failed = true;
    console.error(error);
} finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error) => console.error(error));
}
process.exit(failed ? 1 : 0);
