import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { registry } from '../../../schema/registry';
import { errorResponses } from '../../http/common';
import { actorOf } from '../../engine/audit';
import { importCsv, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type BodyValidator } from './csvImport';
import { describe } from '../../engine/describe';
import { HttpError } from '../../infra/errors';
import { Upload } from '../../infra/uploads';
import { PICTURE_FETCH_TIMEOUT_MS } from './fetchPicture';
import { MAX_IMPORT_FETCH_BYTES } from './importPictures';

const TOO_BIG = `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB; split it into smaller files`;
const NOT_CSV = 'Send the CSV file as a text/csv body, or as the form field "file"';

const rowReport = {
    type: 'object',
    properties: {
        line: { type: 'integer' },
        status: { type: 'string', enum: ['ok', 'refused'] },
        errors: { type: 'object', additionalProperties: { type: 'string' } },
        warnings: { type: 'object', additionalProperties: { type: 'string' } },
        cells: { type: 'array', items: { type: 'string' } },
        action: { type: 'string', enum: ['add', 'update'], description: 'Adds a row, or updates the one its key names (a product\'s SKU)' },
        changes: {
            type: 'object',
            additionalProperties: { type: 'object', properties: { before: {}, after: {} } },
            description: 'An update\'s fields that change, each `{before, after}` as the API answers them (amounts in rupees): the preview\'s old → new',
        },
    },
};
const report = {
    type: 'object',
    properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        dryRun: { type: 'boolean' },
        columns: { type: 'array', items: { type: 'string' } },
        ignoredColumns: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', items: rowReport },
        accepted: { type: 'integer' },
        refused: { type: 'integer' },
    },
};

/** The CSV's text, from a text/csv body or a multipart form's `file` part (streamed to a temporary file). */
async function csvText(request: FastifyRequest): Promise<string> {
    const { body } = request;
    if (typeof body === 'string') return body;
    const file = body && typeof body === 'object' && 'file' in body ? body.file : undefined;
    if (!(file instanceof Upload)) throw new HttpError(415, NOT_CSV);
    if (file.size > MAX_IMPORT_BYTES) throw new HttpError(413, TOO_BIG);
    try {
        return new TextDecoder('utf-8', { fatal: true }).decode(await fs.promises.readFile(file.path));
    } catch {
        throw new HttpError(400, 'This file is not a CSV text file; save it from the spreadsheet as CSV (UTF-8)');
    }
}

/**
 * `POST <list path>/import` for every entity whose schema opts in (`import: true`): administrators add rows
 * from a CSV file, with `?dryRun=true` for a preview that writes nothing (server/features/imports/csvImport.ts).
 */
export default async function importRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    // Only here: a CSV body as text, capped at the import's size (an oversized declared length is refused
    // unread by plugins/contentLength.ts, from the route's maxBodyBytes).
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));

    const stores = app.entityStores;
    const all = registry([...stores.values()].map(({ schema }) => schema));
    for (const { schema: entity, store } of stores.values()) {
        if (!entity.import) continue;
        const described = describe(entity, all);
        // The create route's own body schema, so every row meets the same rules in the same words.
        const createBody = { type: 'object', required: described.required, properties: described.bodyProperties };
        app.post(`${entity.paths.list}/import`, {
            config: { access: 'admin', multipart: true, maxBodyBytes: MAX_IMPORT_BYTES + 64 * 1024 },
            bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
            schema: {
                tags: [entity.tag],
                summary: `Adds ${entity.noun[1]} from a CSV file (at most ${MAX_IMPORT_ROWS} rows, ${MAX_IMPORT_BYTES / (1024 * 1024)} MB)`,
                description:
                    'The header uses the titles of the list\'s CSV export (names, not ids; Active/Inactive; rupees). With `dryRun=true` nothing is written and the report says what an import would do; otherwise the valid rows are added in one transaction and the refused ones reported. The ID column is read and left out. The image and gallery columns name pictures as the export writes them (a gallery\'s separated by spaces): this shop\'s stored uploads by their `/uploads/<file>` paths or full addresses, or another shop\'s full `/uploads/<file>` addresses, which are fetched (http(s) only; no private or loopback address in production; no redirect; an image of 5 MB at most, within 10 s; 64 MB in all per import); each imported row gets its own copy. A picture that cannot be had does not refuse its row: the row is added without it, and its report\'s `warnings` say which and why. Text the export wrote after an apostrophe so that a spreadsheet does not run it as a formula (`\'=…`, `\'+…`, `\'-…`, `\'@…`) is read without that apostrophe.',
                consumes: ['text/csv', 'multipart/form-data'],
                querystring: { type: 'object', properties: { dryRun: { type: 'boolean', default: false } } },
                response: { 200: report, ...errorResponses },
            },
            handler: async (request) => {
                const text = await csvText(request);
                const validate = request.compileValidationSchema(createBody) as unknown as BodyValidator;
                const { dryRun } = request.query;
                // Pictures by name only: an absolute address must be this shop's own (the export writes full addresses).
                // As URL writes them: without the scheme's own port (localhost:80 → localhost over http).
                const ownHosts = [request.host, new URL(app.config.publicUrl).host].flatMap((host) => ['http', 'https'].map((scheme) => new URL(`${scheme}://${host}`).host));
                // Another shop's pictures are fetched under the webhooks' address rules: no private or loopback address in production.
                const fetch = { allowLocal: app.config.nodeEnv !== 'production', timeoutMs: PICTURE_FETCH_TIMEOUT_MS, budget: { left: MAX_IMPORT_FETCH_BYTES } };
                const pictures = { storage: app.storage, media: app.media, ownHosts, fetch };
                const result = await importCsv({ entity, described, store, registry: all, stores }, validate, text, { dryRun, actor: actorOf(request), db: app.db as never, pictures });
                const noun = (count: number) => (count === 1 ? entity.noun[0] : entity.noun[1]);
                const updated = result.rows.filter((row) => row.status === 'ok' && row.action === 'update').length;
                const added = result.accepted - updated;
                const updates = updated ? `, ${updated} updated` : '';
                const message = dryRun
                    ? `${added} ${noun(added)} can be added${updates}, ${result.refused} refused`
                    : `${added} ${noun(added)} added${updates}${result.refused ? `, ${result.refused} refused` : ''}`;
                const warned = result.rows.filter((row) => row.status === 'ok' && Object.keys(row.warnings).length).length;
                return { success: result.refused === 0, message: warned ? `${message}; ${warned} without some of their pictures` : message, ...result };
            },
        });
    }
}
