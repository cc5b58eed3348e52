import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { httpClient, videoMethods, xhrUpload, type UploadTransport } from '../../src/dataProvider';
import { fetchCall, stubFetch } from './fetchStub';

const record = { id: 4, filename: 'Kulfi', size: 10, tags: 'dessert', status: 1, mimeType: 'video/webm', url: '/api/videos/4/stream?expires=1&sig=x' };

describe('videoMethods', () => {
    it('searches ten at a time by default, newest first, and reads videos and total', async () => {
        const fetch = stubFetch(200, [record], { 'Content-Range': 'videos 10-10/11' });
        const methods = videoMethods('/api', httpClient);
        expect(await methods.searchVideos({ search: '  kulfi ', offset: 10 })).toEqual({ data: [record], total: 11 });
        const query = (index: number) => Object.fromEntries(new URL(fetchCall(fetch, index).url, 'http://localhost').searchParams);
        expect(fetchCall(fetch).url).toMatch(/^\/api\/v1\/videos\?/);
        expect(query(0)).toEqual({ filter: '{"q":"kulfi"}', range: '[10,19]', sort: '["id","DESC"]' });
        await methods.searchVideos({});
        expect(query(1)).toEqual({ filter: '{}', range: '[0,9]', sort: '["id","DESC"]' });
    });

    it('renames, toggles and deletes through /api/v1/videos with the bearer token', async () => {
        localStorage.setItem('token', 'tok');
        const fetch = stubFetch(200, record);
        const methods = videoMethods('/api', httpClient);

        expect(await methods.renameVideo(4, 'Kulfi')).toEqual({ data: record });
        await methods.toggleVideo(4, 0);
        await methods.deleteVideo(4);
        const [rename, toggle, remove] = [0, 1, 2].map(i => fetchCall(fetch, i));
        expect(rename).toMatchObject({ url: '/api/v1/videos/4', method: 'PUT', body: '{"filename":"Kulfi"}' });
        expect(rename.headers.authorization).toBe('Bearer tok');
        expect(toggle).toMatchObject({ url: '/api/v1/videos/4', method: 'PUT', body: '{"status":0}' });
        expect(remove).toMatchObject({ url: '/api/v1/videos/4', method: 'DELETE', body: undefined });
    });

    it('uploads tags and then the file under `video`, and says when the answer has no video', async () => {
        const transport = vi.fn<UploadTransport>(async () => ({ message: 'File uploaded successfully', video: record }));
        const methods = videoMethods('/api', httpClient, transport);
        const file = new File(['abc'], 'kulfi.webm', { type: 'video/webm' });
        const onProgress = vi.fn();

        expect(await methods.uploadVideo(file, ' dessert ', { onProgress })).toEqual({ data: record, message: 'File uploaded successfully' });
        const [url, body, options] = transport.mock.calls[0];
        expect(url).toBe('/api/uploadvideo');
        expect([...body.keys()]).toEqual(['tags', 'video']);
        expect(body.get('tags')).toBe('dessert');
        expect((body.get('video') as File).name).toBe('kulfi.webm');
        expect(options.onProgress).toBe(onProgress);

        transport.mockResolvedValueOnce({ message: 'File uploaded successfully' });
        expect((await methods.uploadVideo(file, '')).data).toBeNull();
        expect([...transport.mock.calls[1][1].keys()]).toEqual(['video']);
    });
});

describe('xhrUpload', () => {
    let server: http.Server | undefined;
    afterEach(() => new Promise<void>(resolve => (server ? server.close(() => resolve()) : resolve())));

    /** A real HTTP server that answers `status` and `body` once it has read the whole request; CORS for jsdom's origin. */
    async function serve(status: number, body: unknown, seen: { headers?: http.IncomingHttpHeaders; bytes?: number } = {}) {
        server = http.createServer((request, response) => {
            response.setHeader('Access-Control-Allow-Origin', '*');
            response.setHeader('Access-Control-Allow-Headers', 'authorization, accept');
            if (request.method === 'OPTIONS') return response.end();
            let bytes = 0;
            request.on('data', (chunk: Buffer) => (bytes += chunk.length));
            request.on('end', () => {
                Object.assign(seen, { headers: request.headers, bytes });
                response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
            });
        });
        await new Promise<void>(resolve => server!.listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/uploadvideo`;
    }

    // jsdom sends no upload progress events; the Chromium journey sees the bar reach the bytes sent.
    it('sends the body with the token and answers the JSON', async () => {
        localStorage.setItem('token', 'tok');
        const seen: { headers?: http.IncomingHttpHeaders; bytes?: number } = {};
        const url = await serve(200, { message: 'File uploaded successfully', video: record }, seen);
        const body = new FormData();
        body.append('video', new File([new Uint8Array(200_000)], 'big.mp4'));

        const answer = await xhrUpload(url, body, {});
        expect(answer).toEqual({ message: 'File uploaded successfully', video: record });
        expect(seen.headers?.authorization).toBe('Bearer tok');
        expect(seen.bytes).toBeGreaterThan(200_000);
    });

    it("rejects with the server's message as an HttpError", async () => {
        const url = await serve(415, { success: false, message: 'Please upload an MP4, WebM, QuickTime or Matroska video' });
        const error = await xhrUpload(url, new FormData(), {}).catch(e => e);
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ status: 415, message: 'Please upload an MP4, WebM, QuickTime or Matroska video' });
    });

    it('rejects with an AbortError when cancelled', async () => {
        const url = await serve(200, {});
        const abort = new AbortController();
        abort.abort();
        await expect(xhrUpload(url, new FormData(), { signal: abort.signal })).rejects.toMatchObject({ name: 'AbortError' });
        const later = new AbortController();
        const pending = xhrUpload(url, new FormData(), { signal: later.signal });
        later.abort();
        await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });
});
