import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Video } from '../../db/schema';
import { HttpError, notFound } from '../../infra/errors';
import { pageOf, type ListSpec } from '../../engine/list';
import { nowIso } from '../../infra/time';
import { storageKey } from '../../infra/storage';
import { sendObject } from '../../infra/storage/sendObject';
import { checkStreamLink, streamUrl, sweepPartials, videoDirs, videoMaxBytes } from './videoFiles';
import { FORM_OVERHEAD, receiveVideo, tooLarge } from './videoUpload';
import { errorResponses, idParams, requiredText, statusValue, timestamps } from '../../schemas/common';

const RENAME_MESSAGE = 'Please provide a new filename.';

const list: ListSpec = { search: ['filename', 'tags'], sort: ['id'], filters: {} };

const videoRecord = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        filename: { type: 'string', description: 'The display name; the stored file keeps its own generated name' },
        size: { type: 'integer', description: 'Bytes' },
        tags: { type: 'string', description: 'Comma-separated' },
        status: { type: 'integer', description: '1 active, 0 inactive' },
        mimeType: { type: 'string' },
        url: { type: 'string', description: 'A signed link that streams the file with range requests; valid for one to two days' },
        ...timestamps,
    },
} as const;

const written = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, video: videoRecord } } as const;

type IdParams = { id: number };

/**
 * The video library (spec §2 /VideoUploads, §7 Videos). Uploads stream to a local partial file and are
 * checked on the way (size, container type), then go to the store (renamed on disk, sent in parts to a
 * bucket); files are served by a signed link with range requests, so the browser's player can seek.
 * Staff manage videos; only an administrator deletes one.
 */
export default async function videos(app: FastifyInstance) {
    const tags = ['Videos'];
    const { partialDir } = videoDirs(app.config);
    const keyOf = (video: { storedName: string }) => storageKey('videos', video.storedName);
    const maxBytes = videoMaxBytes(app.config);
    await fsp.mkdir(partialDir, { recursive: true });
    await sweepPartials(partialDir);

    const toRecord = (video: Video) => ({ ...video, url: streamUrl(app.prefix, video) });

    async function find(id: number): Promise<Video> {
        const video = await app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
        if (!video) throw notFound('Video not found');
        return video;
    }

    app.get('/videos', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Videos, newest first, ten at a time; search matches the name and the tags',
            querystring: {
                type: 'object',
                properties: {
                    search: { type: 'string', maxLength: 200 },
                    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, 'x-message': 'Limit must be a whole number from 1 to 100' },
                    offset: { type: 'integer', minimum: 0, maximum: 2_147_483_647, default: 0, 'x-message': 'Offset must be a whole number, 0 or more' },
                },
            },
            response: {
                200: { type: 'object', properties: { videos: { type: 'array', items: videoRecord }, total: { type: 'integer' } } },
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const { search, limit, offset } = request.query as { search?: string; limit: number; offset: number };
            const { rows, total } = await pageOf(app.db.selectFrom('videos').selectAll(), { q: search, limit, offset, sort: 'id', order: 'DESC' }, list);
            reply.header('X-Total-Count', total);
            return { videos: rows.map(toRecord), total };
        },
    });

    app.get('/videos/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one video, with its signed stream link', params: idParams, response: { 200: videoRecord, ...errorResponses } },
        handler: async (request) => toRecord(await find((request.params as IdParams).id)),
    });

    // Its own content-type parsing: the multipart body is left unread for the handler to stream to disk,
    // whatever the app does with multipart elsewhere; any other body is refused with 415.
    await app.register(async (upload) => {
        upload.removeAllContentTypeParsers();
        upload.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

        upload.post('/uploadvideo', {
            config: { access: 'staff' },
            schema: {
                tags,
                summary: 'Uploads a video (multipart: `video` file, optional `tags`)',
                description: `MP4, WebM, QuickTime or Matroska, told from the content; at most VIDEO_MAX_MB (now ${app.config.videoMaxMb} MB). Streamed to disk: 413 as soon as the cap is passed, 415 when the first bytes are not a video.`,
                consumes: ['multipart/form-data'],
                response: { 200: written, 413: errorResponses[400], 415: errorResponses[400], ...errorResponses },
            },
            handler: async (request, reply) => {
                const stored = await receive(request, reply);
                const storedName = `${randomUUID()}.${stored.ext}`;
                try {
                    await app.storage.put(keyOf({ storedName }), { path: stored.tempPath }, stored.mimeType);
                    const now = nowIso();
                    const video = await app.db
                        .insertInto('videos')
                        .values({
                            filename: stored.filename,
                            storedName,
                            size: stored.size,
                            tags: stored.tags,
                            mimeType: stored.mimeType,
                            createdBy: request.user!.id,
                            createdAt: now,
                            updatedAt: now,
                        })
                        .returningAll()
                        .executeTakeFirstOrThrow();
                    return { success: true, message: 'File uploaded successfully', video: toRecord(video) };
                } catch (error) {
                    await Promise.all([fsp.rm(stored.tempPath, { force: true }), app.storage.delete(keyOf({ storedName }))]);
                    throw error;
                }
            },
        });
    });

    async function receive(request: FastifyRequest, reply: FastifyReply) {
        try {
            const declared = Number(request.headers['content-length']);
            if (declared > maxBytes + FORM_OVERHEAD) throw tooLarge(maxBytes);
            return await receiveVideo(request, { partialDir, maxBytes });
        } catch (error) {
            // The rest of the body is not read: closing the connection is the only way to stop the client sending it.
            if (!request.raw.complete) reply.header('Connection', 'close');
            throw error;
        }
    }

    app.post('/videos/:id', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: "Renames a video (its display name; the stored file keeps its name)",
            params: idParams,
            body: { type: 'object', required: ['filename'], properties: { filename: requiredText(RENAME_MESSAGE, 255) } },
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const filename = (request.body as { filename: string }).filename.trim();
            const video = await app.db
                .updateTable('videos')
                .set({ filename, updatedAt: nowIso() })
                .where('id', '=', (request.params as IdParams).id)
                .returningAll()
                .executeTakeFirst();
            if (!video) throw notFound('Video not found');
            return { success: true, message: 'Video renamed successfully', video: toRecord(video) };
        },
    });

    app.post('/videos/:id/toggle-status', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Sets the status to `status`, or flips it when the body names none',
            params: idParams,
            body: { type: ['object', 'null'], properties: { status: statusValue } },
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const status = (request.body as { status?: number } | null)?.status;
            // One statement either way, so two clicks at once cannot both read the old status.
            const video = await app.db
                .updateTable('videos')
                .set((eb) => ({ status: status ?? eb(eb.val(1), '-', eb.ref('status')), updatedAt: nowIso() }))
                .where('id', '=', (request.params as IdParams).id)
                .returningAll()
                .executeTakeFirst();
            if (!video) throw notFound('Video not found');
            return { success: true, message: video.status === 1 ? 'Video activated' : 'Video deactivated', video: toRecord(video) };
        },
    });

    app.delete('/videos/:id', {
        config: { access: 'admin' },
        schema: { tags, summary: 'Deletes a video and its file (administrators only)', params: idParams, response: { 200: written, ...errorResponses } },
        handler: async (request) => {
            const video = await app.db.deleteFrom('videos').where('id', '=', (request.params as IdParams).id).returningAll().executeTakeFirst();
            if (!video) throw notFound('Video not found');
            await app.storage.delete(keyOf(video));
            return { success: true, message: 'Video deleted successfully', video: toRecord(video) };
        },
    });

    app.get('/videos/:id/stream', {
        // A <video> element cannot send the bearer token: the signed link in the record is the key.
        config: { access: 'public' },
        schema: {
            tags,
            summary: "Streams a video's file; honours Range (206 Partial Content) so players can seek",
            description: 'Only with the signed `expires` and `sig` of the record\'s `url`. 416 for a range past the end.',
            security: [],
            params: idParams,
            querystring: {
                type: 'object',
                required: ['expires', 'sig'],
                properties: { expires: { type: 'integer', minimum: 0, maximum: 1e11 }, sig: { type: 'string', pattern: '^[\\w-]{43}$' } },
            },
            response: { 403: errorResponses[403], 404: errorResponses[404] },
        },
        handler: async (request, reply) => {
            const { expires, sig } = request.query as { expires: number; sig: string };
            const video = await app.db.selectFrom('videos').selectAll().where('id', '=', (request.params as IdParams).id).executeTakeFirst();
            const check = video ? checkStreamLink(video, expires, sig) : 'forged';
            if (!video || check === 'forged') throw notFound('Video not found');
            if (check === 'expired') throw new HttpError(403, 'This video link has expired; please reload the page');

            return sendObject(request, reply, app.storage, keyOf(video), {
                contentType: video.mimeType,
                cacheControl: 'private, max-age=3600',
                lastModified: new Date(video.createdAt),
                missing: 'Video not found',
            });
        },
    });
}
