export default {
    name: 'Page |||| Pages',
    fields: {
        id: 'ID',
        image: 'Image',
        title: 'Title',
        pageCategoryId: 'Page category',
        pageCategoryName: 'Page category',
        description: 'Content',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No pages yet.',
    invite: 'Write the first page of the storefront, such as About us.',
    no_results: 'No pages found.',
    form_hint: 'The picture is required for a new page; an edit keeps the current one unless you pick another.',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch pages.',
        fetch_one_error: 'Failed to fetch page.',
        // The legacy page screen's own words.
        submit_error: 'Error creating/updating page. Please try again.',
        toggle_error: 'Error toggling page status. Please try again.',
        delete_error: 'Failed to delete page. Please try again.',
    },
};
