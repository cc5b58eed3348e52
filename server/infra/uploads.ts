import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, pipeline, type Readable } from 'node:stream';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config';
import { badRequest, HttpError } from './errors';
import { outOfService } from './outOfService';

/** A file part of a multipart body, already streamed whole to a temporary file; never held in memory. */
export class Upload {
    constructor(
        readonly field: string,
        readonly filename: string,
        /** The temporary file; media moves it into place, and what is left after the answer is deleted. */
        readonly path: string,
        readonly size: number,
    ) {}
}

declare module 'fastify' {
    interface FastifyContextConfig {
        /** The route takes multipart bodies with files (also when its schema `consumes` multipart/form-data). */
        multipart?: boolean;
    }
    interface FastifyRequest {
        /** The temporary files of this request's multipart body, deleted once it is answered unless moved. */
        tempFiles: string[] | null;
    }
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const LIMITS = { files: 20, fields: 60, parts: 100, fieldSize: 64 * 1024, fieldNameSize: 100, headerPairs: 20, fileSize: MAX_UPLOAD_BYTES };
/** Names that would reach an object's prototype; never body fields. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export const CUT_OFF = 'The upload was cut off or is not valid multipart/form-data';

/** Whether a route declares that it takes files. */
export function takesFiles(route: Pick<RouteOptions, 'config' | 'schema'> | undefined): boolean {
    if (route?.config?.multipart) return true;
    const consumes = (route?.schema as { consumes?: string[] } | undefined)?.consumes;
    return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

/** The directory uploads stream into; also where media stages files until their row is committed. */
export const tempDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'tmp');

/**
 * Reads a multipart body into the key/value object the route schemas validate: text fields as
 * strings (a repeated field as an array), files as `Upload`s streamed to temporary files. Any fault
 * in the body is a 400 with a plain sentence, a file over the limit a 413; on any refusal the files
 * written so far are deleted.
 */
export function parseMultipart(request: FastifyRequest, payload: Readable, dir: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
        const busboy = openForm(request);
        if (!busboy) {
            reject(badRequest('The multipart body has no boundary; send it as multipart/form-data with a boundary'));
            return;
        }
        const body: Record<string, unknown> = {};
        const temps = (request.tempFiles ??= []);
        // Files still being written: their streams, to stop them when the body is refused.
        const writing = new Set<fs.WriteStream>();
        let settled = false;
        let finished = false;

        // Every part in the order sent, a file's place taken when it starts: a large file still being written when
        // a small one after it is done stays first (a gallery's files, `new:0` and `new:1`, keep their order).
        const parts: Array<{ key: string; value: unknown } | undefined> = [];
        const add = (key: string, value: unknown) => {
            const current = body[key];
            body[key] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
        };

        const fail = (error: HttpError) => {
            if (settled) return;
            settled = true;
            payload.unpipe(busboy);
            // The rest of the body is read and dropped, never kept.
            payload.resume();
            busboy.removeAllListeners('file').removeAllListeners('field').on('error', () => {});
            for (const out of writing) removeWhenClosed(out, String(out.path));
            reject(error);
        };

        const succeed = () => {
            if (settled || !finished || writing.size) return;
            settled = true;
            for (const part of parts) if (part) add(part.key, part.value);
            resolve(body);
        };

        busboy.on('file', (field, file, filename) => {
            // Dropped unread; a body cut off inside it errors on this part too, which busboy's 'error' answers
            // (an unheard one here would end the process).
            if (settled || FORBIDDEN.has(field)) return void file.on('error', () => {}).resume();
            const target = path.join(dir, `${randomUUID()}.upload`);
            // Known before the first byte lands, so the onResponse hook removes it whatever happens.
            temps.push(target);
            const place = parts.push(undefined) - 1;
            const meter = byteCounter();
            file.on('limit', () => fail(new HttpError(413, 'Image is larger than 5 MB', { [field]: 'Image is larger than 5 MB' })));
            const out = fs.createWriteStream(target, { flags: 'wx' });
            writing.add(out);
            pipeline(file, meter.stream, out, (error) => {
                writing.delete(out);
                if (settled) return removeWhenClosed(out, target);
                if (error) {
                    removeWhenClosed(out, target);
                    // The disk's fault (full) is said as such (507); any other is the body's.
                    return fail(outOfService(error) ?? badRequest(CUT_OFF));
                }
                if (meter.size() === 0) {
                    removeWhenClosed(out, target);
                    // A browser sends a nameless empty part for a file input left blank: no file.
                    if (!filename) return succeed();
                    const message = `The file sent as ${field} is empty`;
                    return fail(badRequest(message, { [field]: message }));
                }
                parts[place] = { key: field, value: new Upload(field, filename, target, meter.size()) };
                succeed();
            });
        });
        busboy.on('field', (field, value, nameTruncated, valueTruncated) => {
            if (settled || FORBIDDEN.has(field)) return;
            if (nameTruncated) return fail(badRequest('A field name in the form is too long'));
            if (valueTruncated) return fail(new HttpError(413, `The field ${field} is too long`, { [field]: `${field} is too long` }));
            parts.push({ key: field, value });
        });
        busboy.on('partsLimit', () => fail(new HttpError(413, 'The form has too many parts')));
        busboy.on('filesLimit', () => fail(new HttpError(413, `At most ${LIMITS.files} files may be sent at once`)));
        busboy.on('fieldsLimit', () => fail(new HttpError(413, 'The form has too many fields')));
        busboy.on('error', () => fail(badRequest(CUT_OFF)));
        busboy.on('finish', () => {
            finished = true;
            succeed();
        });
        payload.on('error', () => fail(badRequest('The upload was interrupted')));
        payload.on('aborted', () => fail(badRequest('The upload was interrupted')));
        payload.pipe(busboy);
    });
}

/** The multipart parser for the request, or none when its headers name no boundary. */
function openForm(request: FastifyRequest): ReturnType<typeof Busboy> | undefined {
    try {
        return Busboy({ headers: request.headers as BusboyHeaders, limits: LIMITS });
    } catch {
        return undefined;
    }
}

/** Deletes a file being written, once its stream has let go of it. */
function removeWhenClosed(out: fs.WriteStream, target: string) {
    const rm = () => fs.rm(target, { force: true }, () => {});
    if (out.closed) rm();
    else {
        out.once('close', rm);
        out.destroy();
    }
}

/** A pass-through stream that counts the bytes going through it. */
function byteCounter() {
    let size = 0;
    const stream = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            callback(null, chunk);
        },
    });
    return { stream, size: () => size };
}

/**
 * Multipart bodies only for routes that take files; any other route answers 415 without reading
 * the body. The parser runs after the onRequest hooks, so only callers who passed the route's
 * access check get as far as writing a byte to disk.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const dir = tempDir(config);
        fs.mkdirSync(dir, { recursive: true });
        app.decorateRequest('tempFiles', null);

        app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: Readable) => {
            if (!takesFiles(request.routeOptions)) {
                throw new HttpError(415, 'This address does not take files; please send the fields as JSON');
            }
            return parseMultipart(request, payload, dir);
        });

        // Whatever a request did not move into place is deleted when it is answered.
        app.addHook('onResponse', async (request) => {
            if (!request.tempFiles?.length) return;
            await Promise.all(request.tempFiles.map((file) => fs.promises.rm(file, { force: true })));
        });
    },
    { name: 'uploads' },
);
