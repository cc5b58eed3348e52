export default {
    name: 'GST rate |||| GST rates',
    fields: {
        id: 'ID',
        type: 'Type',
        description: 'Description',
        percent: 'Percent (%)',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No GST rates found',
    invite: 'Add the CGST, SGST and IGST rates that products use.',
    no_results: 'No GST entries found',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch GST list. Please try again.',
        fetch_one_error: 'Failed to fetch GST rate.',
        // The GST choices of the product form.
        fetch_choices_error: 'Failed to load GST rates',
        submit_error: 'Failed to submit GST. Please try again.',
        toggle_error: 'Failed to toggle GST status. Please try again.',
        delete_error: 'Failed to delete GST. Please try again.',
    },
};
