export default {
    name: 'Page category |||| Page categories',
    fields: {
        id: 'ID',
        name: 'Name',
        description: 'Description',
        q: 'Search',
    },
    empty: 'No page categories yet.',
    invite: 'Add one, such as About, Policies or Help, to file pages under.',
    no_results: 'No page categories found.',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch page categories.',
        fetch_one_error: 'Failed to fetch page category.',
        submit_error: 'Failed to submit page category. Please try again.',
        delete_error: 'Failed to delete page category. Please try again.',
    },
};
