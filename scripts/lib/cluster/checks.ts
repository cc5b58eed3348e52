// What the cluster test asserts once the workload is over and every instance has been restarted: nothing
// acknowledged is lost, every file reads alike through every instance, no object is an orphan, every mail
// went out once, and each background job held its lock alone.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { snakeCase } from '../../../server/db/sqlName';
import type { Storage } from '../../../server/infra/storage';
import type { SmtpSink } from '../smtpSink';
import type { Client } from './client';
import type { Instance } from './instance';
import type { Ledger } from './workload';

const sha = (bytes: ArrayBuffer | Buffer) => createHash('sha256').update(Buffer.from(bytes as ArrayBuffer)).digest('hex');

/** Rows that were acknowledged are there as written, and their pictures read the same through every instance. */
export async function checkWrites(ledger: Ledger, admin: Client, token: string, instances: Instance[], problems: string[]) {
    for (const row of ledger.images) {
        const answer = await admin.call('GET', `${row.list}/${row.id}`, { token });
        if (answer?.status !== 200) {
            problems.push(`Lost: ${row.list}/${row.id} (${row.name}) was acknowledged, now ${answer?.status ?? 'no answer'}`);
            continue;
        }
        const stored = answer.json<{ name: string; image: string }>();
        if (stored.name !== row.name || stored.image !== row.image) problems.push(`Changed: ${row.list}/${row.id} holds ${stored.name} ${stored.image}, acknowledged ${row.name} ${row.image}`);
        const digests = new Set<string>();
        for (const one of instances) {
            const file = await fetch(`${one.origin}${row.image}`);
            if (file.status !== 200) problems.push(`${row.image} is ${file.status} on ${one.name}`);
            else digests.add(sha(await file.arrayBuffer()));
        }
        if (digests.size > 1) problems.push(`${row.image} reads differently on different instances`);
    }
    for (const order of ledger.orders) {
        const answer = await admin.call('GET', `/api/orderr/${order.id}`, { token });
        if (answer?.status !== 200) problems.push(`Lost: order ${order.id} was acknowledged, now ${answer?.status ?? 'no answer'}`);
    }
}

/** The video plays by byte ranges through every instance: the signed link verifies anywhere, 206 with the right bytes, 416 past the end. */
export async function checkVideo(ledger: Ledger, instances: Instance[], problems: string[]) {
    const video = ledger.video;
    if (!video) return void problems.push('No video upload was acknowledged');
    const start = 1_000_003;
    const end = start + 65_535;
    for (const one of instances) {
        const part = await fetch(`${one.origin}${video.url}`, { headers: { range: `bytes=${start}-${end}` } });
        const bytes = Buffer.from(await part.arrayBuffer());
        if (part.status !== 206) problems.push(`The video's range on ${one.name} answered ${part.status}`);
        else if (!bytes.equals(video.bytes.subarray(start, end + 1))) problems.push(`The video's range on ${one.name} holds other bytes`);
        const past = await fetch(`${one.origin}${video.url}`, { headers: { range: `bytes=${video.bytes.length + 10}-` } });
        await past.arrayBuffer();
        if (past.status !== 416) problems.push(`A range past the video's end on ${one.name} answered ${past.status}, not 416`);
    }
}

/** Every object in the bucket has its row and every row its object; nothing is left staged. */
export async function checkObjects(db: pg.Client, storage: Storage, imageColumns: Array<{ table: string; column: string }>, problems: string[]) {
    const referenced = new Set<string>();
    for (const { table, column } of imageColumns) {
        const { rows } = await db.query(`select ${snakeCase(column)} as path from ${snakeCase(table)} where ${snakeCase(column)} like '/uploads/%'`);
        for (const { path } of rows as Array<{ path: string }>) referenced.add(`uploads/${path.slice('/uploads/'.length)}`);
    }
    const uploads = new Set((await storage.list('uploads/')).map((item) => item.key));
    for (const key of uploads) if (!referenced.has(key)) problems.push(`Orphan object: ${key} has no row`);
    for (const key of referenced) {
        const staged = key.replace(/^uploads\//, 'staging/');
        if (!uploads.has(key)) problems.push(`Missing object: a row points at ${key}${(await storage.head(staged)) ? ' (it is still staged)' : ''}`);
    }
    for (const { key } of await storage.list('staging/')) problems.push(`Left staged after the sweeps: ${key}`);
    const { rows } = await db.query('select stored_name from videos');
    const videos = new Set((rows as Array<{ stored_name: string }>).map((row) => `videos/${row.stored_name}`));
    const objects = new Set((await storage.list('videos/')).map((item) => item.key));
    for (const key of objects) if (!videos.has(key)) problems.push(`Orphan object: ${key} has no video row`);
    for (const key of videos) if (!objects.has(key)) problems.push(`Missing object: a video row points at ${key}`);
}

/**
 * Each queued mail went out exactly once: every row sent, and the sink holds as many messages per address and subject
 * as the queue sent. A message is told by its Message-ID, one per queued row: an instance killed after the mail
 * server took a mail and before the queue heard so leaves it to be sent again, with the same Message-ID, by the
 * instance that takes the lapsed claim over. That is the one way a message may arrive twice, so such copies are
 * allowed only as many times as instances were killed; two messages for one row never are.
 */
export async function checkMails(db: pg.Client, sink: SmtpSink, ledger: Ledger, kills: number, problems: string[]): Promise<number> {
    const { rows: orders } = await db.query('select id, paid_at from orders where id = any($1)', [ledger.orders.map((order) => order.id)]);
    const paidAt = new Map((orders as Array<{ id: number; paid_at: string | null }>).map((row) => [Number(row.id), row.paid_at]));
    for (const order of ledger.orders) if (order.paid && !paidAt.get(order.id)) problems.push(`Order ${order.id}: its payment was acknowledged, the order is not paid`);
    // A row never tried is one recorded as settled without delivery (a code for an address with no account).
    const { rows } = await db.query('select to_address, subject, sent_at, order_id, kind from mail_queue where attempts > 0 or sent_at is null');
    const queued = rows as Array<{ to_address: string; subject: string; sent_at: string | null; order_id: number | null; kind: string | null }>;
    for (const row of queued) if (!row.sent_at) problems.push(`Not sent: "${row.subject}" to ${row.to_address}`);
    // Sent subjects are kept with their digit runs masked (no code outlives its delivery), so both sides are masked alike.
    const mask = (subject: string) => subject.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));
    const tally = (pairs: string[]) => pairs.reduce((map, pair) => map.set(pair, (map.get(pair) ?? 0) + 1), new Map<string, number>());
    const expected = tally(queued.filter((row) => row.sent_at).map((row) => `${row.to_address} | ${row.subject}`));
    const byMessageId = new Map(sink.messages.map((message) => [/^Message-ID: *(.*)$/im.exec(message)?.[1]?.trim() ?? message, message]));
    const copies = sink.messages.length - byMessageId.size;
    if (copies > kills) problems.push(`${copies} messages arrived twice (same Message-ID), more than the ${kills} kill(s) can leave half-sent`);
    const received = tally([...byMessageId.values()].map((message) => `${/^To: (?:.*<)?([^>\s]+)>?$/m.exec(message)?.[1]} | ${mask(/^Subject: (.*)$/m.exec(message)?.[1] ?? '')}`));
    for (const [pair, count] of received) {
        const want = expected.get(pair) ?? 0;
        if (count > want) problems.push(`Sent ${count} times, queued ${want}: ${pair}`);
    }
    for (const [pair, want] of expected) if ((received.get(pair) ?? 0) < want) problems.push(`Queued ${want}, received ${received.get(pair) ?? 0}: ${pair}`);
    for (const order of ledger.orders) {
        const kinds = queued.filter((row) => row.order_id === order.id).map((row) => row.kind);
        if (!kinds.includes('placed')) problems.push(`Order ${order.id}: no "placed" mail queued`);
        if (order.paid && !kinds.includes('paid')) problems.push(`Order ${order.id}: paid, but no "paid" mail queued`);
    }
    return copies;
}

/** How long the slowest sign-in code (a mail of no kind) waited in the queue, in seconds, and to whom. */
export async function slowestCode(db: pg.Client): Promise<string> {
    const { rows } = await db.query(
        `select to_address, attempts, extract(epoch from (sent_at::timestamptz - created_at::timestamptz)) as waited
         from mail_queue where kind is null and sent_at is not null and attempts > 0 order by waited desc limit 1`,
    );
    const row = rows[0] as { to_address: string; attempts: number; waited: string } | undefined;
    return row ? `${Number(row.waited).toFixed(1)} s (${row.to_address}, ${row.attempts} attempt(s))` : 'none sent';
}

/** The reasons instances gave for mails they could not send (retried later), counted. */
export function mailRetries(instances: Instance[]): Record<string, number> {
    const reasons: Record<string, number> = {};
    for (const one of instances) {
        for (const record of one.records) {
            if (record.msg !== 'Mail not sent; it will be retried') continue;
            const reason = `${one.name}: ${String((record.err as { message?: string } | undefined)?.message ?? 'unknown').slice(0, 120)}`;
            reasons[reason] = (reasons[reason] ?? 0) + 1;
        }
    }
    return reasons;
}

/** Each background job's runs, as the instances logged them, never overlap; the demo shop was seeded once. */
export function checkJobs(instances: Instance[], problems: string[]) {
    const spans = instances.flatMap((one) =>
        one.records
            .filter((record) => record.msg === 'Background job ran')
            .map((record) => ({ job: String(record.job), startedAt: Number(record.startedAt), finishedAt: Number(record.finishedAt), instance: one.name })),
    );
    const jobs = new Map<string, typeof spans>();
    for (const span of spans) jobs.set(span.job, [...(jobs.get(span.job) ?? []), span]);
    for (const [job, runs] of jobs) {
        runs.sort((a, b) => a.startedAt - b.startedAt);
        for (let i = 1; i < runs.length; i++) {
            if (runs[i].startedAt < runs[i - 1].finishedAt) problems.push(`${job} ran on ${runs[i - 1].instance} and ${runs[i].instance} at once`);
        }
    }
    const seeded = instances.flatMap((one) => one.records.filter((record) => String(record.msg).startsWith('Demo catalogue loaded')));
    if (seeded.length !== 1) problems.push(`The demo shop was seeded ${seeded.length} times`);
    return Object.fromEntries([...jobs].map(([job, runs]) => [job, runs.length]));
}
