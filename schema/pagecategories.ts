import { defineEntity } from './types';

export const pagecategories = defineEntity({
    name: 'pagecategories',
    table: 'pageCategories',
    noun: ['page category', 'page categories'],
    tag: 'Page categories',
    // One legacy call creates and updates (an id in the body updates that row); delete takes the id in the body.
    paths: {
        list: '/get-Pagecategory',
        item: '/get-Pagecategory/:id',
        create: '/add-Pagecategory',
        update: '/add-Pagecategory',
        remove: '/delete-Pagecategory',
    },
    envelope: 'data',
    fields: {
        name: { type: 'text', required: true, max: 120, message: 'Please enter the page category name', unique: 'A page category with this name already exists' },
        description: { type: 'longText', max: 2000 },
    },
    list: {
        search: ['name', 'description'],
        sort: ['id', 'name', 'createdAt', 'updatedAt'],
        filters: [],
        columns: ['id', 'name', 'description'],
    },
    messages: {
        created: 'Page category added successfully',
        updated: 'Page category updated successfully',
        toggled: 'Page category status toggled successfully',
        deleted: 'Page category deleted successfully',
        notFound: 'Page category not found',
    },
    representation: 'name',
    icon: 'Folder',
});
