import { vi } from 'vitest';

import type { TestApp } from '../server/helpers';

const NULL_BODY = new Set([101, 204, 205, 304]);

/** A file's bytes as the browser would send them (jsdom's Blob has no arrayBuffer()). */
export const bytesOf = (blob: Blob) =>
    new Promise<Buffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
    });

/** A FormData body as the browser would send it: multipart bytes and the content type naming their boundary. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
    const boundary = `----app-test-${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of form.entries()) {
        const head =
            typeof value === 'string'
                ? `Content-Disposition: form-data; name="${name}"`
                : `Content-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}`;
        parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), typeof value === 'string' ? Buffer.from(value) : await bytesOf(value), Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The app's fetch answered by the real API (a fresh database) through Fastify's inject: no stand-in
 * answers, the server's own checks and words. Returns the calls made, as 'GET /api/products?…'.
 * `hold` plays a slow network: a call it gives a promise for reaches the server once that settles.
 */
export function serveWith(t: TestApp, hold: (call: string) => Promise<void> | undefined = () => undefined) {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const method = (init.method ?? 'GET') as 'GET';
        calls.push(`${method} ${url}`);
        await hold(`${method} ${url}`);
        const body = init.body;
        const headers = Object.fromEntries(new Headers(init.headers).entries());
        let payload = body instanceof Blob ? await bytesOf(body) : (body as string | undefined);
        if (body instanceof FormData) {
            const sent = await multipart(body);
            payload = sent.payload;
            headers['content-type'] = sent.contentType;
        }
        const res = await t.app.inject({ method, url, headers, payload });
        const answered = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answered.set(name, String(value));
        return new Response(NULL_BODY.has(res.statusCode) ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answered });
    });
    return calls;
}
