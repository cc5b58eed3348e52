import { defineEntity } from './types';

/** The older page manager (the legacy /ManagePage screen): a page filed under a page category by name. */
export const managepage = defineEntity({
    name: 'managepage',
    table: 'managePages',
    noun: ['page', 'pages'],
    tag: 'Older page manager',
    paths: { list: '/managepage', item: '/managepage/:id', create: '/managepage', update: '/managepage/:id', remove: '/managepage/:id' },
    fields: {
        selectCategory: {
            type: 'text',
            required: true,
            max: 120,
            message: 'Please choose a page category',
            choicesFrom: { reference: 'pagecategories', field: 'name' },
        },
        pageName: { type: 'text', required: true, max: 200, message: 'Please enter the page name' },
        description: { type: 'richText', truncateWords: 30 },
        image: { type: 'image', required: 'create', message: 'Please choose an image' },
        createsid: { type: 'integer', ignored: 'Sent by the legacy client (hard-coded 2) and ignored: the signed-in user is recorded as createdBy' },
    },
    createdBy: true,
    list: {
        search: ['pageName', 'description', 'selectCategory'],
        sort: ['id', 'pageName', 'selectCategory', 'createdAt'],
        filters: ['selectCategory'],
        columns: ['id', 'image', 'pageName', 'selectCategory', 'description'],
    },
    messages: {
        created: 'Page created successfully',
        updated: 'Page updated successfully',
        toggled: 'Page status toggled successfully',
        deleted: 'Page deleted successfully',
        notFound: 'Page not found',
    },
    representation: 'pageName',
    icon: 'Description',
    // Reached by its old address (/ManagePage) only: the sidebar's pages are pagecontent's.
    menu: false,
});
