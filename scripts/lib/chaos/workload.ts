// The chaos test's customers of the API: staff adding banners with pictures, each create sent with an
// Idempotency-Key and retried with the same key until it is answered, and readers of the lists.
import { randomUUID } from 'node:crypto';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface Tally {
    sent: number;
    byStatus: Record<string, number>;
    /** Connections cut or refused (the server stopping or not yet started). */
    cut: number;
    /** 5xx answers without a sentence saying why. */
    mute: string[];
    /** Banner names whose create was answered 2xx, and the id it was given. */
    acknowledged: Map<string, number>;
}

export const newTally = (): Tally => ({ sent: 0, byStatus: {}, cut: 0, mute: [], acknowledged: new Map() });

interface Answer {
    status: number;
    body: { message?: unknown; data?: { id?: number } } | undefined;
}

/** One request; undefined when the connection was cut or refused. Every answer is counted. */
async function send(tally: Tally, origin: string, url: string, init: RequestInit): Promise<Answer | undefined> {
    tally.sent++;
    try {
        const res = await fetch(`${origin}${url}`, { ...init, signal: AbortSignal.timeout(30_000) });
        const text = await res.text();
        let body: Answer['body'];
        try {
            body = JSON.parse(text) as Answer['body'];
        } catch {
            body = undefined;
        }
        tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
        if (res.status >= 500 && (typeof body?.message !== 'string' || !body.message)) tally.mute.push(`${res.status} ${url}: ${text.slice(0, 200)}`);
        return { status: res.status, body };
    } catch {
        tally.cut++;
        return undefined;
    }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A banner with a picture, created as a careful client does: one key for the create, the same request sent again
 * after a cut connection or a 5xx until it is answered otherwise (for at most `patienceMs`).
 */
export async function createBanner(tally: Tally, origin: string, token: string, name: string, patienceMs = 90_000): Promise<void> {
    const key = randomUUID();
    const started = Date.now();
    while (Date.now() - started < patienceMs) {
        const form = new FormData();
        form.append('name', name);
        form.append('description', 'Made under chaos');
        form.append('image', new Blob([PNG], { type: 'image/png' }), 'banner.png');
        const answer = await send(tally, origin, '/api/Baanner', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'idempotency-key': key } });
        if (answer && answer.status < 300) {
            tally.acknowledged.set(name, Number(answer.body?.data?.id));
            return;
        }
        // A 5xx is retried with the same key, as Stripe tells its clients to (a mute one is a failure of its own, above);
        // 409 is the key still held by the first try.
        if (answer && answer.status < 500 && answer.status !== 409) throw new Error(`POST /api/Baanner ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
        await sleep(250);
    }
    throw new Error(`POST /api/Baanner ${name}: not answered within ${patienceMs} ms`);
}

/** A list read; what it answers is counted, nothing more. */
export const readBanners = (tally: Tally, origin: string, token: string) => send(tally, origin, '/api/Baanner', { headers: { authorization: `Bearer ${token}` } });

/** A sign-in code asked for (a rate-limited route, so it needs the limits' store: Redis). */
export const askCode = (tally: Tally, origin: string, email: string) =>
    send(tally, origin, '/api/user_login', { method: 'POST', body: JSON.stringify({ email }), headers: { 'content-type': 'application/json' } });

/** Workers creating and reading until `stop()`; resolves when they have all finished their last request. */
export function runWorkload(tally: Tally, origin: string, token: string, workers = 4) {
    let stopped = false;
    let made = 0;
    const errors: string[] = [];
    const loops = Array.from({ length: workers }, async (_, worker) => {
        while (!stopped) {
            try {
                await createBanner(tally, origin, token, `Chaos ${worker}-${made++}`);
                await readBanners(tally, origin, token);
            } catch (error) {
                errors.push((error as Error).message);
                await sleep(500);
            }
        }
    });
    return {
        errors,
        async stop() {
            stopped = true;
            await Promise.all(loops);
        },
    };
}

/** Polls until `ok` answers true; answers the seconds it took, or throws past `ms`. */
export async function secondsUntil(ok: () => Promise<boolean>, ms = 30_000): Promise<number> {
    const started = Date.now();
    while (!(await ok())) {
        if (Date.now() - started > ms) throw new Error(`Not back within ${ms / 1000} s`);
        await sleep(100);
    }
    return Number(((Date.now() - started) / 1000).toFixed(2));
}
