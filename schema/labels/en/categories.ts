export default {
    name: 'Category |||| Categories',
    fields: {
        id: 'ID',
        name: 'Name',
        description: 'Description',
        image: 'Image',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No categories available.',
    invite: 'Add the first one to start the catalogue.',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch categories.',
        fetch_one_error: 'Failed to fetch category.',
        submit_error: 'Failed to submit category. Please try again.',
        toggle_error: 'Failed to toggle category status. Please try again.',
        delete_error: 'Failed to delete category. Please try again.',
    },
};
