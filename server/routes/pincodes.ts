import type { FastifyInstance } from 'fastify';
import { entityRoutes } from '../lib/entityRoutes';
import { decimalField } from '../lib/money';

export default async function pincodes(app: FastifyInstance) {
    entityRoutes(app, {
        table: 'pincodes',
        tag: 'Pincodes',
        paths: {
            list: '/pincode',
            item: '/pincode/:id',
            create: '/pincode',
            update: '/pincode/:id',
            toggle: '/pincode/:id/toggle',
            remove: '/pincode/:id',
        },
        fields: {
            // Indian PIN codes are six digits and none starts with 0.
            pincode: { type: 'string', pattern: '^[1-9][0-9]{5}$', 'x-message': 'Please enter a valid 6-digit pincode' },
            prize: { ...decimalField('delivery charge', 2, 10_000), description: 'The delivery charge to this pincode, in rupees' },
        },
        ignored: { status: { description: 'Sent by the legacy client and ignored: a pincode is saved active (1)' } },
        required: ['pincode', 'prize'],
        unique: { pincode: 'This pincode already exists' },
        onSave: { status: 1 },
        record: { pincode: { type: 'string' }, prize: { type: 'number' } },
        list: {
            search: ['pincode'],
            sort: ['id', 'pincode', 'prize', 'status', 'createdAt', 'updatedAt'],
            filters: { status: 'integer' },
        },
        messages: {
            created: 'Pincode added successfully',
            updated: 'Pincode updated successfully',
            toggled: 'Pincode status toggled successfully',
            deleted: 'Pincode deleted successfully',
            notFound: 'Pincode not found',
        },
    });
}
