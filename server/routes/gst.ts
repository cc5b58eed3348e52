import type { FastifyInstance } from 'fastify';
import { entityRoutes } from '../lib/entityRoutes';
import { decimalField } from '../lib/money';
import { requiredText } from '../schemas/common';

export default async function gst(app: FastifyInstance) {
    entityRoutes(app, {
        table: 'gstRates',
        tag: 'GST',
        paths: { list: '/gst', item: '/gst/:id', create: '/gst', update: '/gst/:id', toggle: '/gst/:id/toggle', remove: '/gst/:id' },
        fields: {
            type: { type: 'string', enum: ['CGST', 'SGST', 'IGST'], 'x-message': 'Please choose the GST type: CGST, SGST or IGST' },
            description: requiredText('Please enter the GST description', 2000),
            percent: decimalField('GST percent', 2, 100),
        },
        ignored: { status: { description: 'Sent by the legacy client and ignored: a GST rate is saved active (1)' } },
        required: ['type', 'description', 'percent'],
        onSave: { status: 1 },
        dependents: [{ table: 'products', column: 'gstId' }],
        record: { type: { type: 'string' }, description: { type: 'string' }, percent: { type: 'number' } },
        list: {
            search: ['type', 'description'],
            sort: ['id', 'type', 'percent', 'status', 'createdAt', 'updatedAt'],
            filters: { type: 'string', status: 'integer' },
        },
        messages: {
            created: 'GST added successfully',
            updated: 'GST updated successfully',
            toggled: 'GST status toggled successfully',
            deleted: 'GST deleted successfully',
            notFound: 'GST rate not found',
        },
    });
}
