export default {
    name: 'Managed page |||| Managed pages',
    fields: {
        id: 'ID',
        image: 'Image',
        pageName: 'Page name',
        selectCategory: 'Page category',
        description: 'Content',
        q: 'Search',
    },
    empty: 'No pages yet.',
    invite: 'Add a page under one of the page categories.',
    no_results: 'No pages found.',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch pages.',
        fetch_one_error: 'Failed to fetch page.',
        submit_error: 'Error creating/updating page. Please try again.',
        delete_error: 'Failed to delete page. Please try again.',
    },
};
