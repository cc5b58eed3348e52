export default {
    name: 'Banner |||| Banners',
    fields: {
        id: 'ID',
        image: 'Image',
        name: 'Name',
        description: 'Description',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No banners yet.',
    invite: 'Add the first banner of the storefront.',
    no_results: 'No banners found.',
    confirm_toggle: 'Are you sure you want to %{action} this banner?',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        // As the legacy banner screen did: alerts show the server's message, else this.
        fetch_list_error: 'Please try again.',
        fetch_one_error: 'Please try again.',
        submit_error: 'Please try again.',
        toggle_error: 'Please try again.',
        delete_error: 'Please try again.',
    },
};
