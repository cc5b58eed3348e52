import type { FastifyInstance } from 'fastify';
import { entityRoutes } from '../lib/entityRoutes';
import { optionalText, requiredText } from '../schemas/common';

export default async function categories(app: FastifyInstance) {
    entityRoutes(app, {
        table: 'categories',
        tag: 'Categories',
        paths: {
            list: '/categories',
            item: '/categories/:id',
            create: '/categories',
            update: '/categories/:id',
            toggle: '/categories/:id/toggle',
        },
        fields: {
            name: requiredText('Please enter the category name', 120),
            description: { ...optionalText(2000), pattern: '\\S', 'x-message': 'Please enter the category description' },
        },
        required: ['name', 'description'],
        images: ['image'],
        record: { name: { type: 'string' }, description: { type: 'string' } },
        list: { search: ['name', 'description'], sort: ['id', 'name', 'status', 'createdAt', 'updatedAt'], filters: { status: 'integer' } },
        messages: {
            created: 'Category added successfully',
            updated: 'Category updated successfully',
            toggled: 'Category status toggled successfully',
            notFound: 'Category not found',
        },
    });
}
