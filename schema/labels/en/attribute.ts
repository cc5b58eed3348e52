export default {
    name: 'Attribute |||| Attributes',
    fields: {
        id: 'ID',
        name: 'Name',
        value: 'Value',
        description: 'Description',
        status: 'Status',
        q: 'Search',
    },
    empty: 'No attributes available.',
    invite: 'Add one, such as Weight: 1 kg, to describe products.',
    no_results: 'No attributes found.',
    // The API saves every attribute inactive, as the legacy API did; the form says so instead of offering a status.
    form_hint: 'Attributes are saved as inactive; activate them from the list.',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        // Only when the server sends no message of its own: the list shows the server's.
        fetch_list_error: 'Error occurred while fetching the attributes.',
        fetch_one_error: 'Error occurred while fetching the attribute.',
        submit_error: 'Error occurred while submitting the attribute.',
        toggle_error: 'Error occurred while toggling the attribute status.',
        delete_error: 'Error occurred while deleting the attribute.',
    },
};
