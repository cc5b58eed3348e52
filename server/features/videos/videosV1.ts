import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { listQuerySchema, stockListParams, type ListQuery } from '../../engine/list';
import { changesOnly } from '../../engine/routes/changesOnly';
import { notOffered, stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { errorResponses, idParams, requiredText, statusValue } from '../../http/common';
import { RENAME_MESSAGE, VIDEO_LIST, videoLibrary, videoRecord } from './videoLibrary';

const tags = ['Videos'];

/**
 * `/api/v1/videos` in the stock REST shape, from the legacy routes' functions (videoLibrary.ts): staff list, read,
 * rename and switch a video on or off with PUT; an administrator deletes one, with its file. A video is a file,
 * streamed to disk and checked on the way: it is uploaded at the legacy POST /api/uploadvideo (which the
 * Content-Length cap and the app's progress bar know), and POST here answers 405 saying so.
 */
export default async function videosV1(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const library = videoLibrary(app);

    // Its querystring is built at run time from the list's spec, so its type is the list's, not the schema's.
    app.get<{ Querystring: ListQuery }>('/v1/videos', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: { tags, summary: 'List videos', querystring: v1ListQuery(listQuerySchema(VIDEO_LIST), 'Videos'), response: { 200: { type: 'array', items: videoRecord }, ...errorResponses } },
        handler: async (request, reply) => {
            const { rows, total } = await library.list(request.query);
            return stockPage(reply, 'videos', request.query, rows, total);
        },
    });

    app.get('/v1/videos/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one video', params: idParams, response: { 200: videoRecord, ...errorResponses } },
        handler: async (request) => library.read(request.params.id),
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
            const { filename, status } = request.body;
            const { id } = request.params;
            if (filename !== undefined) await library.rename(id, filename);
            if (status !== undefined) await library.setStatus(id, status);
            return library.read(id);
        },
    });

    app.delete('/v1/videos/:id', {
        config: { access: 'admin' },
        schema: { tags, summary: 'Delete a video', description: 'Administrators only; its file goes too.', params: idParams, response: { 200: videoRecord, ...errorResponses } },
        handler: async (request) => library.remove(request.params.id),
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
