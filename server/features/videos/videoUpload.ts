import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, HttpError } from '../../infra/errors';
import { VIDEO_TYPES } from './videoFiles';

/** Enough of the start of a file for `file-type` to tell every container we accept. */
const SNIFF_BYTES = 4100;
const MAX_TAGS = 500;
/** Room in a request for the multipart boundaries, part headers and tags around the file itself. */
export const FORM_OVERHEAD = 64 * 1024;
/** A client that sends nothing for this long has gone; its connection and partial file are dropped. */
export const UPLOAD_IDLE_MS = 60_000;

export const NO_FILE = 'Please select a video file.';
export const WRONG_TYPE = 'Please upload an MP4, WebM, QuickTime or Matroska video';
export const tooLarge = (maxBytes: number) => new HttpError(413, `The video is larger than ${formatMb(maxBytes)} MB`);
const formatMb = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

export interface ReceivedVideo {
    /** The complete file, still under the partial folder: the caller moves it into place or removes it. */
    tempPath: string;
    size: number;
    ext: string;
    mimeType: string;
    /** The name the client gave the file, cleaned for display. */
    filename: string;
    tags: string;
}

/** Comma-separated tags, trimmed, without blanks or repeats (case-insensitive), in the order given. */
export function normaliseTags(values: string[]): string {
    const seen = new Set<string>();
    const tags: string[] = [];
    for (const tag of values.flatMap((value) => value.split(','))) {
        const clean = tag.replace(/\s+/g, ' ').trim();
        if (clean && !seen.has(clean.toLowerCase())) {
            seen.add(clean.toLowerCase());
            tags.push(clean);
        }
    }
    const joined = tags.join(', ');
    if (joined.length > MAX_TAGS) throw badRequest(`Tags must be at most ${MAX_TAGS} characters`, { tags: `Tags must be at most ${MAX_TAGS} characters` });
    return joined;
}

/** A display name from the client's file name: no control characters, at most 255 characters. */
export function displayName(name: string | undefined, ext: string): string {
    // eslint-disable-next-line no-control-regex
    const clean = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
    return clean || `video.${ext}`;
}

export interface ReceiveOptions {
    partialDir: string;
    maxBytes: number;
    idleMs?: number;
}

/**
 * Streams the multipart body (`video` file, optional `tags`) to a file under `partialDir`, counting
 * bytes and reading the container type from the first bytes. It stops at the first refusal — over
 * `maxBytes` (413), not a video (415), cut off or stalled for `idleMs` (400) — and then removes what it
 * wrote before it answers, so a refused or aborted upload leaves nothing behind. The body is never held
 * in memory, and the whole body is capped too, so parts that are ignored cannot go on for ever.
 */
export function receiveVideo(request: FastifyRequest, { partialDir, maxBytes, idleMs = UPLOAD_IDLE_MS }: ReceiveOptions): Promise<ReceivedVideo> {
    return new Promise((resolve, reject) => {
        const raw = request.raw;
        const busboy = openForm(request);
        if (!busboy) {
            reject(badRequest('Please send the video as multipart/form-data'));
            return;
        }

        const tags: string[] = [];
        let tempPath: string | undefined;
        let out: fs.WriteStream | undefined;
        const meter = videoMeter(maxBytes);
        let filename: string | undefined;
        let fileDone = false;
        let formDone = false;
        let settled = false;

        const release = idleGuard(raw, idleMs, () => fail(badRequest('The upload stalled; please try again')));
        const fail = (error: unknown) => {
            if (settled) return;
            settled = true;
            release();
            raw.unpipe(busboy);
            // Stop reading: the rest of the body is never parsed; the route closes the connection.
            raw.pause();
            busboy.removeAllListeners('file').removeAllListeners('field').on('error', () => {});
            void removePartial(out, tempPath).then(() => reject(error));
        };

        const succeed = () => {
            if (settled || !fileDone || !formDone) return;
            try {
                const { size, type } = meter.seen;
                const result = {
                    tempPath: tempPath!,
                    size,
                    ext: type!.ext,
                    mimeType: VIDEO_TYPES[type!.ext],
                    filename: displayName(filename, type!.ext),
                    tags: normaliseTags(tags),
                };
                settled = true;
                release();
                resolve(result);
            } catch (error) {
                fail(error);
            }
        };

        busboy.on('file', (field, file, name) => {
            if (field !== 'video' || tempPath) {
                // Dropped unread. A body cut off inside this part errors on it too: busboy's own 'error' answers
                // that, and an unheard one here would end the process.
                file.on('error', () => {}).resume();
                return;
            }
            filename = name;
            tempPath = path.join(partialDir, `${randomUUID()}.part`);
            out = fs.createWriteStream(tempPath, { flags: 'wx' });
            pipeline(file, meter.stream, out, (error) => {
                if (error) return fail(error);
                fileDone = true;
                succeed();
            });
        });
        busboy.on('field', (field, value, _nameTruncated, valueTruncated) => {
            if (field !== 'tags') return;
            if (valueTruncated) return fail(badRequest(`Tags must be at most ${MAX_TAGS} characters`));
            tags.push(value);
        });
        busboy.on('finish', () => {
            formDone = true;
            if (!tempPath) return fail(badRequest(NO_FILE, { video: NO_FILE }));
            succeed();
        });
        busboy.on('error', () => fail(badRequest('The upload was cut off or is not valid multipart/form-data')));

        watchBody(raw, maxBytes, fail);
        raw.pipe(busboy);
    });
}

/** Removes the partial file, if one was begun; it may still be opening, so only once its stream has let go of it. */
function removePartial(out: fs.WriteStream | undefined, tempPath: string | undefined) {
    return new Promise<void>((done) => {
        const rm = () => (tempPath ? fs.rm(tempPath, { force: true }, () => done()) : done());
        if (!out || out.closed) rm();
        else {
            out.once('close', rm);
            out.destroy();
        }
    });
}

/** The multipart parser for the request, or none when its headers name no multipart body. */
function openForm(request: FastifyRequest): ReturnType<typeof Busboy> | undefined {
    try {
        return Busboy({
            headers: request.headers as BusboyHeaders,
            limits: { files: 1, fields: 10, parts: 20, fieldSize: 4 * 1024, headerPairs: 20 },
        });
    } catch {
        return undefined;
    }
}

/** Counts every byte and holds back the first few until they show a video container. */
function videoMeter(maxBytes: number) {
    const seen: { size: number; type?: { ext: string; mime: string } } = { size: 0 };
    let head: Buffer[] = [];
    let headLength = 0;
    const sniff = async () => {
        const found = await fileTypeFromBuffer(Buffer.concat(head));
        if (!found || !(found.ext in VIDEO_TYPES)) throw new HttpError(415, WRONG_TYPE);
        seen.type = found;
    };
    const stream = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
            seen.size += chunk.length;
            if (seen.size > maxBytes) return callback(tooLarge(maxBytes));
            if (seen.type) return callback(null, chunk);
            head.push(chunk);
            headLength += chunk.length;
            if (headLength < SNIFF_BYTES) return callback();
            sniff().then(() => {
                const buffered = Buffer.concat(head);
                head = [];
                callback(null, buffered);
            }, callback);
        },
        flush(callback) {
            if (seen.type) return callback();
            if (seen.size === 0) return callback(badRequest(NO_FILE, { video: NO_FILE }));
            sniff().then(() => callback(null, Buffer.concat(head)), callback);
        },
    });
    return { stream, seen };
}

/** Fails the upload when the whole body passes the cap, or the body is cut off. */
function watchBody(raw: IncomingMessage, maxBytes: number, fail: (error: unknown) => void) {
    let ended = false;
    let received = 0;
    raw.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes + FORM_OVERHEAD) fail(tooLarge(maxBytes));
    });
    raw.once('end', () => (ended = true));
    raw.once('error', () => fail(badRequest('The upload was interrupted')));
    raw.once('close', () => {
        if (!ended) fail(badRequest('The upload was interrupted'));
    });
}

/** Drops a client that sends nothing for `idleMs`; the answer puts the socket's own timeout back. */
function idleGuard(raw: IncomingMessage, idleMs: number, onIdle: () => void) {
    // Absent under app.inject, which has no socket.
    const socket = typeof raw.socket?.setTimeout === 'function' ? raw.socket : undefined;
    const previousTimeout = socket?.timeout ?? 0;
    const idle = () => {
        onIdle();
        socket?.destroy();
    };
    socket?.setTimeout(idleMs);
    socket?.on('timeout', idle);
    return () => {
        socket?.off('timeout', idle);
        socket?.setTimeout(previousTimeout);
    };
}
