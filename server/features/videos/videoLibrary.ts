import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Video } from '../../db/tables';
import { notFound } from '../../infra/errors';
import { pageOf, type ListQuery, type ListSpec } from '../../engine/list';
import { nowIso } from '../../infra/time';
import { recordDeletions } from '../../engine/deletions';
import { announce } from '../webhooks/announce';
import { FEATURE_DELETE_EVENTS } from '../../../schema/webhooks';
import { storageKey } from '../../infra/storage';
import { streamUrl, videoDirs, videoMaxBytes } from './videoFiles';
import { FORM_OVERHEAD, receiveVideo, tooLarge } from './videoUpload';
import { timestamps } from '../../http/common';

/** The legacy list sorts newest first only; v1's lists may sort by any column they show. */
export const VIDEO_LIST: ListSpec = { search: ['filename', 'tags'], sort: ['id', 'filename', 'size', 'tags', 'status', 'mimeType', 'createdAt', 'updatedAt'], filters: { status: 'integer' } };

export const videoRecord = {
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

export const RENAME_MESSAGE = 'Please provide a new filename.';

/**
 * The video library's reads and writes, shared by the legacy routes (videoRoutes.ts) and v1's (videosV1.ts):
 * a record with its signed link, a page, a rename, a status, a delete with its file, an upload streamed to disk
 * (the legacy POST /uploadvideo's).
 */
export function videoLibrary(app: FastifyInstance) {
    const { partialDir } = videoDirs(app.config);
    const keyOf = (video: { storedName: string }) => storageKey('videos', video.storedName);
    const maxBytes = videoMaxBytes(app.config);
    const toRecord = (video: Video) => ({ ...video, url: streamUrl(app.prefix, video) });
    const found = (video: Video | undefined) => {
        if (!video) throw notFound('Video not found');
        return toRecord(video);
    };
    const videoUpdate = (id: number) => app.db.updateTable('videos').where('id', '=', id);

    return {
        keyOf,
        maxBytes,
        partialDir,
        read: async (id: number) => found(await app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst()),
        async list(query: ListQuery) {
            const { rows, total } = await pageOf(app.db.selectFrom('videos').selectAll(), query, VIDEO_LIST);
            return { rows: rows.map(toRecord), total };
        },
        rename: async (id: number, filename: string) =>
            found(await videoUpdate(id).set({ filename: filename.trim(), updatedAt: nowIso() }).returningAll().executeTakeFirst()),
        /** Sets the status, or flips it: one statement either way, so two clicks at once cannot both read the old one. */
        setStatus: async (id: number, status?: number) =>
            found(
                await videoUpdate(id)
                    .set((eb) => ({ status: status ?? eb(eb.val(1), '-', eb.ref('status')), updatedAt: nowIso() }))
                    .returningAll()
                    .executeTakeFirst(),
            ),
        /** Deletes a video, its tombstone and its `video.deleted` event in one transaction; then its file. */
        async remove(id: number) {
            const video = await app.db.transaction().execute(async (trx) => {
                const gone = found(await trx.deleteFrom('videos').where('id', '=', id).returningAll().executeTakeFirst());
                await recordDeletions(trx, 'videos', [id]);
                await announce(trx, FEATURE_DELETE_EVENTS.videos, { id, resource: 'videos', deletedAt: nowIso() });
                return gone;
            });
            await app.storage.delete(keyOf(video));
            return video;
        },
        /** Streams a multipart video to disk (checked on the way), then into the store, and records it. */
        async upload(request: FastifyRequest, reply: FastifyReply) {
            const stored = await receive(request, reply);
            const storedName = `${randomUUID()}.${stored.ext}`;
            try {
                await app.storage.put(keyOf({ storedName }), { path: stored.tempPath }, stored.mimeType);
                const now = nowIso();
                const video = await app.db
                    .insertInto('videos')
                    .values({ filename: stored.filename, storedName, size: stored.size, tags: stored.tags, mimeType: stored.mimeType, createdBy: request.user!.id, createdAt: now, updatedAt: now })
                    .returningAll()
                    .executeTakeFirstOrThrow();
                return toRecord(video);
            } catch (error) {
                await Promise.all([fsp.rm(stored.tempPath, { force: true }), app.storage.delete(keyOf({ storedName }))]);
                throw error;
            }
        },
    };

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
}
