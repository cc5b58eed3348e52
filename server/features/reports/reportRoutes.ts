import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { conflict } from '../../infra/errors';
import { errorResponses } from '../../http/common';
import { currentSeller } from '../orders/invoiceNumber';
import { gstr1 } from './gstr1';
import { gstr1Sheets, gstr1Zip, SHEETS } from './gstr1Sheets';
import { periodDocuments } from './periodDocuments';
import { daysOf, periodOf, PERIOD_PATTERN } from './reportPeriod';
import { salesRegisterCsv } from './salesRegister';

export const NO_GSTIN = "GSTR-1 is filed under the shop's GSTIN: please enter it in Settings first";

const DAY = { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const file = (type: string) => ({ description: type, type: 'string', format: 'binary' }) as const;

function download(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
    return reply.type(type).header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'private, no-store').send(body);
}

/** GST returns and registers (administrators): GSTR-1 for a month or quarter, and the sales register for any days. */
export default async function reportRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const tags = ['Reports'];

    app.get('/reports/gstr1', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: 'GSTR-1 of a month (2026-11) or quarter (2026-Q3): JSON for the GST offline tool, or its sheets as CSV (administrators)',
            description:
                'format=json (the default) answers the JSON the offline tool imports (amounts in rupees); format=zip the sheets of its Excel template as CSV files in a zip; format=csv with section= one sheet. See docs/gst-returns.md. 409 until the shop has a GSTIN.',
            querystring: {
                type: 'object',
                required: ['period'],
                additionalProperties: false,
                properties: {
                    period: { type: 'string', pattern: PERIOD_PATTERN, 'x-message': 'Please give the period as 2026-11 or 2026-Q3' },
                    format: { type: 'string', enum: ['json', 'zip', 'csv'], default: 'json', 'x-message': 'Format must be json, zip or csv' },
                    section: { type: 'string', enum: [...SHEETS], 'x-message': `Section must be one of ${SHEETS.join(', ')}` },
                },
            },
            response: { 200: { description: 'The return, as JSON, a zip or a CSV file', type: 'object', additionalProperties: true }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { period: text, format, section } = request.query;
            const { seller } = await currentSeller(app.db);
            if (!seller.gstin) throw conflict(NO_GSTIN);
            const period = periodOf(text);
            const json = gstr1(await periodDocuments(app.db, period), seller.gstin, period.fp);
            if (format === 'zip') return download(reply, 'application/zip', `GSTR1-${text}.zip`, gstr1Zip(json, text));
            if (format === 'csv') {
                const sheet = section ?? 'b2cs';
                return download(reply, 'text/csv; charset=utf-8', `GSTR1-${text}-${sheet}.csv`, gstr1Sheets(json)[sheet]);
            }
            return download(reply, 'application/json', `GSTR1-${seller.gstin}-${period.fp}.json`, JSON.stringify(json));
        },
    });

    app.get('/reports/sales-register', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: 'The sales register as CSV: one row per invoice or credit note per GST rate, for days from–to by India time (administrators)',
            description:
                'Columns: document, number, date, original invoice (of a credit note), buyer, GSTIN, place of supply, HSN, rate, taxable value, CGST, SGST, IGST, total. Credit notes are negative, so the columns add up to the net sales.',
            querystring: {
                type: 'object',
                required: ['from', 'to'],
                additionalProperties: false,
                properties: {
                    from: { ...DAY, 'x-message': 'Please give the first day as YYYY-MM-DD' },
                    to: { ...DAY, 'x-message': 'Please give the last day as YYYY-MM-DD' },
                },
            },
            response: { 200: file('The register (text/csv)'), ...errorResponses },
        },
        handler: async (request, reply) => {
            const { from, to } = request.query;
            const docs = await periodDocuments(app.db, daysOf(from, to));
            return download(reply, 'text/csv; charset=utf-8', `sales-register-${from}-${to}.csv`, salesRegisterCsv(docs));
        },
    });
}
