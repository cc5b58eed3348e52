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
        created: 'Category added successfully',
        updated: 'Category updated successfully',
        toggled: 'Category status toggled successfully',
        deleted: 'Category deleted successfully',
        fetch_list_error: 'Failed to fetch categories.',
        fetch_one_error: 'Failed to fetch category.',
        submit_error: 'Failed to submit category. Please try again.',
        toggle_error: 'Failed to toggle category status. Please try again.',
        delete_error: 'Failed to delete category. Please try again.',
    },
};
