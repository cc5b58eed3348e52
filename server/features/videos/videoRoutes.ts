import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { HttpError, notFound } from '../../infra/errors';
import { sendObject } from '../../infra/storage/sendObject';
import { checkStreamLink } from './videoFiles';
import { sweepPeriodically } from '../../infra/sweeps';
import { sweepVideos } from './videoSweep';
import { errorResponses, idParams, requiredText, statusValue } from '../../http/common';
import { RENAME_MESSAGE, videoLibrary, videoRecord } from './videoLibrary';

const tags = ['Videos'];
const written = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, video: videoRecord } } as const;

type Library = ReturnType<typeof videoLibrary>;

/**
 * The video library (the legacy /VideoUploads screen and its calls). Uploads stream to a local partial file and are
 * checked on the way (size, container type), then go to the store (renamed on disk, sent in parts to a
 * bucket); files are served by a signed link with range requests, so the browser's player can seek.
 * Staff manage videos; only an administrator deletes one.
 */
export default async function videos(app: FastifyInstance) {
    const library = videoLibrary(app);
    const { partialDir } = library;
    await fsp.mkdir(partialDir, { recursive: true });
    // At start and every few minutes, by age: another instance may share this DATA_DIR or bucket and be receiving
    // one now. A bucket out of reach at start does not stop the server; the next round settles what this one could not.
    const sweep = () => sweepVideos(app, partialDir);
    await sweep().catch((error: unknown) => app.log.error({ err: error }, 'The video sweep at start failed; it runs again within minutes'));
    sweepPeriodically(app, 'video uploads', sweep);

    registerVideoReads(app, library);
    await registerVideoUpload(app, library);
    registerVideoChanges(app, library);
    registerVideoStream(app, library);
}

/** GET /videos and GET /videos/:id */
function registerVideoReads(fastify: FastifyInstance, library: Library) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
            const { search, limit, offset } = request.query;
            const { rows, total } = await library.list({ q: search, limit, offset, sort: 'id', order: 'DESC' });
            reply.header('X-Total-Count', total);
            return { videos: rows, total };
        },
    });

    app.get('/videos/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one video, with its signed stream link', params: idParams, response: { 200: videoRecord, ...errorResponses } },
        handler: async (request) => library.read(request.params.id),
    });
}

/** POST /uploadvideo */
async function registerVideoUpload(fastify: FastifyInstance, library: Library) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
            handler: async (request, reply) => ({ success: true, message: 'File uploaded successfully', video: await library.upload(request, reply) }),
        });
    });
}

/** Rename, toggle and delete: POST /videos/:id, POST /videos/:id/toggle-status, DELETE /videos/:id */
function registerVideoChanges(fastify: FastifyInstance, library: Library) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
            const video = await library.rename(request.params.id, request.body.filename);
            return { success: true, message: 'Video renamed successfully', video };
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
            const status = request.body?.status;
            const video = await library.setStatus(request.params.id, status);
            return { success: true, message: video.status === 1 ? 'Video activated' : 'Video deactivated', video };
        },
    });

    app.delete('/videos/:id', {
        config: { access: 'admin' },
        schema: { tags, summary: 'Deletes a video and its file (administrators only)', params: idParams, response: { 200: written, ...errorResponses } },
        handler: async (request) => {
            const video = await library.remove(request.params.id);
            return { success: true, message: 'Video deleted successfully', video };
        },
    });
}

/** GET /videos/:id/stream: the file by its signed link, with ranges. */
function registerVideoStream(fastify: FastifyInstance, { keyOf }: Library) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
            const { expires, sig } = request.query;
            const video = await app.db.selectFrom('videos').selectAll().where('id', '=', request.params.id).executeTakeFirst();
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
