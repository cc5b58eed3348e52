import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../infra/errors';
import { readShopZone } from '../../infra/shopClock';
import { errorResponses, idParams } from '../../http/common';
import { currentSeller } from '../orders/invoiceNumber';
import { ORDER_COLUMNS, type OrderRow } from '../orders/orderRecord';
import { isStaff } from '../orders/visibleOrder';
import { invoicePdf } from './invoicePdf';
import { packingSlipsPdf, type PackingSlip } from './packingSlipPdf';
import { sendPdf } from './sendPdf';
import { invoiceAttacher } from './invoiceMail';
import { loadInvoice } from './taxInvoice';

/** A bulk print is one document: a hundred orders is more than a morning's packing table holds. */
export const MAX_SLIPS = 100;

const pdfAnswer = { 200: { description: 'The PDF document (application/pdf)', type: 'string', format: 'binary' }, ...errorResponses } as const;

/** Tax invoices (the order's customer and staff) and packing slips (staff), as PDF documents of real text. */
export default async function invoiceRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const tags = ['Orders'];
    app.mailer.attachWith(invoiceAttacher(app.db));

    async function slipsOf(ids: number[]): Promise<PackingSlip[]> {
        const orders = (await app.db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', 'in', ids).execute()) as OrderRow[];
        const missing = ids.filter((id) => !orders.some((order) => order.id === id));
        if (missing.length) throw notFound(`No order ${missing.map((id) => `#${id}`).join(', ')}`);
        const lines = await app.db
            .selectFrom('orderLines')
            .leftJoin('products', 'products.id', 'orderLines.productId')
            .select(['orderLines.orderId', 'orderLines.name', 'orderLines.quantity', 'products.sku', 'products.barcode'])
            .where('orderLines.orderId', 'in', ids)
            .orderBy('orderLines.id')
            .execute();
        const byId = new Map(orders.map((order) => [order.id, order]));
        return ids.map((id) => {
            const order = byId.get(id)!;
            return {
                orderId: id,
                orderedAt: order.createdAt,
                status: order.status,
                paymentMethod: order.paymentMethod,
                customerName: order.customerName,
                address: order.address,
                pincode: order.pincode,
                lines: lines.filter((line) => line.orderId === id).map(({ name, sku, barcode, quantity }) => ({ name, sku, barcode, quantity })),
            };
        });
    }

    const slips = async (reply: FastifyReply, ids: number[]) => {
        const { seller } = await currentSeller(app.db);
        const fileName = ids.length === 1 ? `packing-slip-${ids[0]}.pdf` : `packing-slips-${ids.length}-orders.pdf`;
        return sendPdf(reply, packingSlipsPdf(await slipsOf(ids), seller.legalName, await readShopZone(app.db)), fileName);
    };

    app.get('/orderr/:id/invoice', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: "The order's GST tax invoice as a PDF; the order's own customer and staff only",
            description: 'An order has a tax invoice once it is paid (online) or delivered (cash on delivery): 409 before that. Someone else\'s order is 404.',
            params: idParams,
            response: pdfAnswer,
        },
        handler: async (request, reply) => {
            const { id } = request.params;
            const invoice = await loadInvoice(app.db, id, isStaff(request) ? undefined : request.user!.id);
            if (!invoice) throw notFound('Order not found');
            return sendPdf(reply, invoicePdf(invoice, await readShopZone(app.db)), `${invoice.number.replace(/\//g, '-')}.pdf`);
        },
    });

    app.get('/orderr/:id/packing-slip', {
        config: { access: 'staff' },
        schema: { tags, summary: "The order's packing slip as a PDF: lines, quantities and address, no prices (staff)", params: idParams, response: pdfAnswer },
        handler: async (request, reply) => slips(reply, [request.params.id]),
    });

    app.get('/orderr/packing-slips', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: `Packing slips of several orders in one PDF, a page each, in the order given (at most ${MAX_SLIPS}; staff)`,
            querystring: {
                type: 'object',
                required: ['ids'],
                additionalProperties: false,
                properties: {
                    ids: {
                        type: 'string',
                        pattern: `^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,${MAX_SLIPS - 1}}$`,
                        'x-message': `Please choose between 1 and ${MAX_SLIPS} orders (ids as 12,15,18)`,
                    },
                },
            },
            response: pdfAnswer,
        },
        handler: async (request, reply) => {
            const ids = [...new Set(request.query.ids.split(',').map(Number))];
            return slips(reply, ids);
        },
    });
}
