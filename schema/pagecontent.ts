import { defineEntity } from './types';

export const pagecontent = defineEntity({
    name: 'pagecontent',
    table: 'pageContents',
    noun: ['page', 'pages'],
    tag: 'Page content',
    paths: {
        list: '/get-pagecontent',
        item: '/get-pagecontent/:id',
        create: '/add-pagecontent',
        update: '/update-pagecontent/:id',
        toggle: '/page-content/page-category/:id',
        remove: '/get-pagecontent/:id',
    },
    envelope: 'data',
    fields: {
        pageCategoryId: {
            type: 'reference',
            reference: 'pagecategories',
            required: true,
            message: 'Please choose a page category',
            display: { as: 'pageCategoryName', field: 'name' },
        },
        title: { type: 'text', required: true, max: 200, message: 'Please enter the page title' },
        description: { type: 'richText', truncateWords: 30 },
        image: { type: 'image', required: 'create', message: 'Please choose an image' },
        existingImage: { type: 'text', keeps: 'image', description: "The page's current image path: it is kept" },
    },
    list: {
        search: ['title', 'description'],
        sort: ['id', 'title', 'pageCategoryId', 'status', 'createdAt', 'updatedAt'],
        filters: ['pageCategoryId', 'status'],
        columns: ['id', 'image', 'title', 'pageCategoryName', 'description', 'status'],
    },
    messages: {
        created: 'Page created successfully',
        updated: 'Page updated successfully',
        toggled: 'Page status toggled successfully',
        deleted: 'Page deleted successfully',
        notFound: 'Page not found',
    },
    representation: 'title',
    icon: 'Article',
});
