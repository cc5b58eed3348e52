export default {
    name: 'Subcategory |||| Subcategories',
    fields: {
        id: 'ID',
        categoryId: 'Category',
        categoryName: 'Category',
        name: 'Name',
        image: 'Image',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No subcategories available.',
    invite: 'Add one to sort the products of a category.',
    no_results: 'No subcategories found.',
    confirm_toggle: 'Are you sure you want to %{action} this subcategory?',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch subcategories.',
        fetch_one_error: 'Failed to fetch subcategory.',
        submit_error: 'Failed to submit subcategory. Please try again.',
        toggle_error: 'Failed to toggle subcategory status. Please try again.',
        delete_error: 'Failed to delete subcategory. Please try again.',
    },
};
