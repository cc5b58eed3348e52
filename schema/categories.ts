import { defineEntity } from './types';

export const categories = defineEntity({
    name: 'categories',
    table: 'categories',
    noun: ['category', 'categories'],
    tag: 'Categories',
    paths: {
        list: '/categories',
        item: '/categories/:id',
        create: '/categories',
        update: '/categories/:id',
        toggle: '/categories/:id/toggle',
        remove: '/categories/:id',
    },
    fields: {
        name: { type: 'text', required: true, max: 120, message: 'Please enter the category name' },
        description: { type: 'longText', required: true, max: 2000, message: 'Please enter the category description' },
        image: { type: 'image' },
    },
    unique: [{ fields: ['name'], message: 'A category with this name already exists' }],
    list: {
        search: ['name', 'description'],
        sort: ['id', 'name', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
        columns: ['id', 'name', 'description', 'image', 'status'],
    },
    messages: {
        created: 'Category added successfully',
        updated: 'Category updated successfully',
        toggled: 'Category status toggled successfully',
        notFound: 'Category not found',
        deleted: 'Category deleted successfully',
    },
    representation: 'name',
    icon: 'Category',
});
