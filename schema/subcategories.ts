import { defineEntity } from './types';

export const subcategories = defineEntity({
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
        remove: '/subcategories/:id',
    },
    fields: {
        categoryId: { type: 'reference', reference: 'categories', required: true, display: { as: 'categoryName', field: 'name' } },
        name: { type: 'text', required: true, max: 120, message: 'Please enter the subcategory name' },
        image: { type: 'image' },
    },
    unique: [{ fields: ['categoryId', 'name'], message: 'This category already has a subcategory with this name' }],
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
        deleted: 'SubCategory deleted successfully',
    },
    representation: 'name',
    icon: 'AccountTree',
    ui: { confirmToggle: true },
});
