import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../infra/errors';
import { readShopZone } from '../../infra/shopClock';
import { errorResponses, idParams } from '../../http/common';
import { tradingName } from '../../infra/tradingName';
import { ORDER_COLUMNS, type OrderRow } from '../orders/orderRecord';
import { isStaff } from '../orders/visibleOrder';
import { invoicePdf } from './invoicePdf';
import { packingSlipsPdf, SLIP_SIZES, type PackingSlip, type SlipSize } from './packingSlipPdf';
import { sendPdf } from './sendPdf';
import { invoiceAttacher } from './invoiceMail';
import { loadInvoice } from './taxInvoice';
import { slotText } from '../deliverySlots/slotCalendar';

/** A bulk print is one document: a hundred orders is more than a morning's packing table holds. */
export const MAX_SLIPS = 100;

/** The sheet a slip is printed on: A4 (the default) or an A6 label. */
const size = { type: 'string', enum: SLIP_SIZES, default: 'a4', 'x-message': 'The size must be a4 or a6', description: 'a4 (default) or a6, a label for the bag' } as const;

const pdfAnswer = { 200: { description: 'The PDF document (application/pdf)', type: 'string', format: 'binary' }, ...errorResponses } as const;

const tags = ['Orders'];

/** The slips of the orders, in the order given; a 404 naming any order that does not exist. */
async function slipsOf(app: FastifyInstance, ids: number[]): Promise<PackingSlip[]> {
    const orders = (await app.db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', 'in', ids).execute()) as OrderRow[];
    const missing = ids.filter((id) => !orders.some((order) => order.id === id));
    if (missing.length) throw notFound(`No order ${missing.map((id) => `#${id}`).join(', ')}`);
    const lines = await app.db
        .selectFrom('orderLines')
        .leftJoin('products', 'products.id', 'orderLines.productId')
        .select(['orderLines.orderId', 'orderLines.name', 'orderLines.quantity', 'orderLines.unit', 'products.sku', 'products.barcode'])
        .where('orderLines.orderId', 'in', ids)
        .orderBy('orderLines.id')
        .execute();
    const byId = new Map(orders.map((order) => [order.id, order]));
    const slotIds = [...new Set(orders.flatMap((order) => (order.slotId ? [order.slotId] : [])))];
    const slots = slotIds.length ? await app.db.selectFrom('deliverySlots').select(['id', 'name', 'startTime', 'endTime']).where('id', 'in', slotIds).execute() : [];
    const slotOf = (order: OrderRow) => {
        const slot = slots.find((row) => row.id === order.slotId);
        return slot && order.slotDate ? slotText(slot, order.slotDate) : null;
    };
    return ids.map((id) => {
        const order = byId.get(id)!;
        return {
            orderId: id,
            orderedAt: order.createdAt,
            status: order.status,
            paymentMethod: order.paymentMethod,
            customerName: order.customerName,
            customerPhone: order.customerPhone,
            address: order.address,
            pincode: order.pincode,
            deliveryNote: order.deliveryNote,
            slot: slotOf(order),
            // Cash is collected for an order not yet paid, unless it stopped (cancelled or refunded).
            toCollect: order.paymentMethod === 'cod' && !order.paidAt && !['cancelled', 'refunded'].includes(order.status) ? order.totalPrice : 0,
            lines: lines.filter((line) => line.orderId === id).map(({ name, sku, barcode, quantity, unit }) => ({ name, sku, barcode, quantity, unit })),
        };
    });
}

// A slip is no tax document: it carries the name customers know the shop by.
const slips = async (app: FastifyInstance, reply: FastifyReply, ids: number[], sheet: SlipSize = 'a4') => {
    const fileName = ids.length === 1 ? `packing-slip-${ids[0]}.pdf` : `packing-slips-${ids.length}-orders.pdf`;
    return sendPdf(reply, packingSlipsPdf(await slipsOf(app, ids), await tradingName(app.db), await readShopZone(app.db), sheet), fileName);
};

/** Tax invoices (the order's customer and staff) and packing slips (staff), as PDF documents of real text. */
export default async function invoiceRoutes(fastify: FastifyInstance) {
    fastify.mailer.attachWith(invoiceAttacher(fastify.db));
    registerInvoice(fastify);
    registerPackingSlips(fastify);
}

/** GET /orderr/:id/invoice: the order's tax invoice. */
function registerInvoice(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
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
}

/** GET /orderr/:id/packing-slip and /orderr/packing-slips: one order's slip, or several in one PDF. */
function registerPackingSlips(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/orderr/:id/packing-slip', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: "The order's packing slip as a PDF: lines, quantities, the customer's address and phone, the delivery note and the cash to collect; no prices (staff)",
            params: idParams,
            querystring: { type: 'object', additionalProperties: false, properties: { size } },
            response: pdfAnswer,
        },
        handler: async (request, reply) => slips(app, reply, [request.params.id], request.query.size),
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
                    size,
                },
            },
            response: pdfAnswer,
        },
        handler: async (request, reply) => {
            const ids = [...new Set(request.query.ids.split(',').map(Number))];
            return slips(app, reply, ids, request.query.size);
        },
    });
}
