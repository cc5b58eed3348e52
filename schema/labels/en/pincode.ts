export default {
    name: 'Pincode |||| Pincodes',
    fields: {
        id: 'ID',
        pincode: 'Pincode',
        prize: 'Delivery charge (₹)',
        state: 'State',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No pincodes found',
    invite: 'Add the pincodes the store delivers to, with their delivery charge.',
    no_results: 'No pincodes found',
    state_suggested: "Suggested from the PIN's India Post circle: %{state}. Please check it: the state decides the GST on the invoice.",
    state_shared: "This PIN's postal circle spans more than one state: please choose the state it is in.",
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch pincodes. Please try again.',
        fetch_one_error: 'Failed to fetch pincode.',
        submit_error: 'Failed to submit pincode.',
        toggle_error: 'Failed to toggle pincode status. Please try again.',
        delete_error: 'Failed to delete pincode. Please try again.',
    },
};
