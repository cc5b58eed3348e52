import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listQuerySchema, stockListParams, type ListQuery } from '../../engine/list';
import { changesOnly } from '../../engine/routes/changesOnly';
import { notOffered, stockPage, withSortMessage } from '../../engine/routes/stockAnswers';
import { errorResponses, idParams, requiredText, statusValue } from '../../schemas/common';
import { RENAME_MESSAGE, VIDEO_LIST, videoLibrary, videoRecord } from './videoLibrary';

type IdParams = { id: number };
const tags = ['Videos'];
const idOf = (request: FastifyRequest) => (request.params as IdParams).id;

/**
 * `/api/v1/videos` in the stock REST shape, from the legacy routes' functions (videoLibrary.ts): staff list, read,
 * rename and switch a video on or off with PUT; an administrator deletes one, with its file. A video is a file,
 * streamed to disk and checked on the way: it is uploaded at the legacy POST /api/uploadvideo (which the
 * Content-Length cap and the app's progress bar know), and POST here answers 405 saying so.
 */
export default async function videosV1(app: FastifyInstance) {
    const library = videoLibrary(app);

    app.get('/v1/videos', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: { tags, summary: 'List videos', querystring: withSortMessage(listQuerySchema(VIDEO_LIST), 'Videos'), response: { 200: { type: 'array', items: videoRecord }, ...errorResponses } },
        handler: async (request, reply) => {
            const query = request.query as ListQuery;
            const { rows, total } = await library.list(query);
            return stockPage(reply, 'videos', query, rows, total);
        },
    });

    app.get('/v1/videos/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one video', params: idParams, response: { 200: videoRecord, ...errorResponses } },
        handler: async (request) => library.read(idOf(request)),
    });

    app.put('/v1/videos/:id', {
        config: { access: 'staff' },
        preValidation: changesOnly((id) => library.read(id), ['filename', 'status']),
        schema: {
            tags,
            summary: 'Update a video',
            description: 'Its display name (`filename`) and `status` change; the rest of a record sent back is ignored.',
            params: idParams,
            body: { type: 'object', properties: { filename: requiredText(RENAME_MESSAGE, 255), status: statusValue } },
            response: { 200: videoRecord, ...errorResponses },
        },
        handler: async (request) => {
            const { filename, status } = request.body as { filename?: string; status?: number };
            if (filename !== undefined) await library.rename(idOf(request), filename);
            if (status !== undefined) await library.setStatus(idOf(request), status);
            return library.read(idOf(request));
        },
    });

    app.delete('/v1/videos/:id', {
        config: { access: 'admin' },
        schema: { tags, summary: 'Delete a video', description: 'Administrators only; its file goes too.', params: idParams, response: { 200: videoRecord, ...errorResponses } },
        handler: async (request) => library.remove(idOf(request)),
    });

    notOffered(app, {
        method: 'POST',
        url: '/v1/videos',
        tags,
        access: 'staff',
        allow: 'GET',
        summary: 'Create a video (not offered)',
        message: 'A video is a file: upload it as multipart `video` (and optional `tags`) to POST /api/uploadvideo',
    });
}
