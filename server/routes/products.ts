import type { FastifyInstance } from 'fastify';
import { entityRoutes } from '../lib/entityRoutes';
import { referenceField } from '../lib/integrity';
import { decimalField } from '../lib/money';
import { requiredText } from '../schemas/common';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;

export default async function products(app: FastifyInstance) {
    entityRoutes(app, {
        table: 'products',
        tag: 'Products',
        paths: {
            list: '/products',
            item: '/products/:id',
            create: '/products',
            update: '/products/:id',
            toggle: '/products/toggleProductStatus/:id',
        },
        toggleKey: 'newStatus',
        fields: {
            name: requiredText('Please enter the product name', 200),
            description: requiredText('Please enter the product description', 5000),
            categoryId: referenceField('categories'),
            subcategoryId: referenceField('subcategories'),
            attributeId: referenceField('attributes'),
            gstId: referenceField('gstRates'),
            price: { ...decimalField('price', 2, 1_000_000), description: 'Rupees with paise, e.g. 120.50' },
        },
        ignored: { createdId: { description: 'Sent by the older edit screen and ignored: the signed-in user is recorded as createdBy' } },
        required: ['name', 'description', 'categoryId', 'subcategoryId', 'attributeId', 'gstId', 'price'],
        images: ['image'],
        gallery: { field: 'images', removeField: 'removeImages', table: 'productImages', key: 'productId', max: 10 },
        references: {
            categoryId: 'categories',
            subcategoryId: { table: 'subcategories', within: 'categoryId' },
            attributeId: 'attributes',
            gstId: 'gstRates',
        },
        createdBy: true,
        record: {
            name: text,
            description: text,
            categoryId: id,
            categoryName: text,
            subcategoryId: id,
            subcategoryName: text,
            attributeId: id,
            gstId: id,
            price: { type: 'number' },
            createdBy: { type: ['integer', 'null'] },
        },
        list: {
            search: ['name', 'description'],
            sort: ['id', 'name', 'price', 'status', 'createdAt'],
            filters: { categoryId: 'integer', subcategoryId: 'integer', attributeId: 'integer', gstId: 'integer', status: 'integer' },
        },
        messages: {
            created: 'Product added successfully',
            updated: 'Product updated successfully',
            toggled: 'Product status toggled successfully',
            notFound: 'Product not found',
        },
        select: (db) =>
            db
                .selectFrom('products')
                .innerJoin('categories', 'categories.id', 'products.categoryId')
                .innerJoin('subcategories', 'subcategories.id', 'products.subcategoryId')
                .selectAll('products')
                .select(['categories.name as categoryName', 'subcategories.name as subcategoryName']),
    });
}
