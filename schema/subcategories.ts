import type { EntitySchema } from './types';

export const subcategories: EntitySchema = {
    name: 'subcategories',
    table: 'subcategories',
    noun: ['subcategory', 'subcategories'],
    tag: 'Subcategories',
    paths: {
        list: '/subcategories',
        item: '/subcategories/:id',
        create: '/subcategories',
        update: '/subcategories/:id',
        toggle: '/subcategories/:id/toggle-status',
    },
    fields: {
        categoryId: { type: 'reference', reference: 'categories', required: true, display: { as: 'categoryName', field: 'name' } },
        name: { type: 'text', required: true, max: 120, message: 'Please enter the subcategory name' },
        image: { type: 'image' },
    },
    list: {
        search: ['name'],
        sort: ['id', 'name', 'categoryId', 'status', 'createdAt', 'updatedAt'],
        filters: ['categoryId', 'status'],
        columns: ['id', 'categoryName', 'name', 'image', 'status'],
    },
    messages: {
        created: 'SubCategory added successfully',
        updated: 'SubCategory updated successfully',
        toggled: 'SubCategory status toggled successfully',
        notFound: 'Subcategory not found',
    },
    representation: 'name',
    icon: 'AccountTree',
    ui: { confirmToggle: true },
};
