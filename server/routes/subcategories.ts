import type { FastifyInstance } from 'fastify';
import { entityRoutes } from '../lib/entityRoutes';
import { referenceField } from '../lib/integrity';
import { requiredText } from '../schemas/common';

export default async function subcategories(app: FastifyInstance) {
    entityRoutes(app, {
        table: 'subcategories',
        tag: 'Subcategories',
        paths: {
            list: '/subcategories',
            item: '/subcategories/:id',
            create: '/subcategories',
            update: '/subcategories/:id',
            toggle: '/subcategories/:id/toggle-status',
        },
        fields: {
            categoryId: referenceField('categories'),
            name: requiredText('Please enter the subcategory name', 120),
        },
        required: ['categoryId', 'name'],
        images: ['image'],
        references: { categoryId: 'categories' },
        record: { categoryId: { type: 'integer' }, categoryName: { type: 'string' }, name: { type: 'string' } },
        list: {
            search: ['name'],
            sort: ['id', 'name', 'categoryId', 'status', 'createdAt', 'updatedAt'],
            filters: { categoryId: 'integer', status: 'integer' },
        },
        messages: {
            created: 'SubCategory added successfully',
            updated: 'SubCategory updated successfully',
            toggled: 'SubCategory status toggled successfully',
            notFound: 'Subcategory not found',
        },
        select: (db) =>
            db
                .selectFrom('subcategories')
                .innerJoin('categories', 'categories.id', 'subcategories.categoryId')
                .selectAll('subcategories')
                .select('categories.name as categoryName'),
    });
}
