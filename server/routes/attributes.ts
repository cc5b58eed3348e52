import type { FastifyInstance } from 'fastify';
import { entityRoutes } from '../lib/entityRoutes';
import { optionalText, requiredText } from '../schemas/common';

export default async function attributes(app: FastifyInstance) {
    entityRoutes(app, {
        table: 'attributes',
        tag: 'Attributes',
        paths: {
            list: '/attribute',
            item: '/attribute/:id',
            create: '/attribute',
            update: '/attribute/:id',
            toggle: '/attribute/:id/toggle-status',
            remove: '/attribute/:id',
        },
        fields: {
            name: requiredText('Please enter the attribute name', 120),
            value: requiredText('Please enter the attribute value', 120),
            description: optionalText(2000),
        },
        ignored: { status: { description: 'Sent by the legacy client and ignored: an attribute is saved inactive (0) until toggled' } },
        required: ['name', 'value'],
        // The specification saves attributes inactive on create and update alike.
        onSave: { status: 0 },
        dependents: [{ table: 'products', column: 'attributeId' }],
        record: { name: { type: 'string' }, value: { type: 'string' }, description: { type: ['string', 'null'] } },
        list: {
            search: ['name', 'value', 'description'],
            sort: ['id', 'name', 'value', 'status', 'createdAt', 'updatedAt'],
            filters: { status: 'integer' },
        },
        messages: {
            created: 'Attribute added successfully!',
            updated: 'Attribute updated successfully!',
            toggled: 'Attribute status toggled successfully!',
            deleted: 'Attribute deleted successfully!',
            notFound: 'Attribute not found',
        },
    });
}
