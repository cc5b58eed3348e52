import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponses } from '../../http/common';
import { badRequest } from '../../infra/errors';
import { Upload } from '../../infra/uploads';

const NO_FILE = 'Please send the picture as the multipart file part `file`';

/**
 * `POST /api/v1/uploads`: a picture for a v1 record's image field. It streams to a temporary file as every
 * upload does (never held whole), is checked and written anew like any picture, and waits in staging for a
 * record to name its url; a copy goes to each record that does (routes/claimPictures.ts). One that no record
 * claims is deleted by the uploads sweep (at start, then hourly, once older than the longest a request may take).
 */
export function uploadRoute(app: FastifyInstance) {
    app.withTypeProvider<JsonSchemaToTsProvider>().post('/v1/uploads', {
        config: { access: 'staff' },
        schema: {
            tags: ['Pictures'],
            summary: 'Upload a picture for a record',
            description:
                "Multipart, one part `file`: JPEG, PNG, GIF or WebP, at most 5 MB. Answers 201 `{url}`; give that url in a v1 record's image or gallery field within the hour. An upload no record names is deleted.",
            consumes: ['multipart/form-data'],
            body: { type: 'object', required: ['file'], properties: { file: { description: 'The picture', 'x-message': NO_FILE } } },
            response: {
                201: { type: 'object', properties: { url: { type: 'string', example: '/uploads/0b6f7c1e-2f1d-4a51-9d55-5d2b1e8f0a11.png' } } },
                413: errorResponses[400],
                415: errorResponses[400],
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const { file } = request.body;
            if (!(file instanceof Upload)) throw badRequest(NO_FILE, { file: NO_FILE });
            const url = await app.media.stage(file);
            return reply.code(201).send({ url });
        },
    });
}
