export default {
    name: 'Activity |||| Activity',
    fields: {
        id: 'ID',
        createdAt: 'When',
        userEmail: 'Who',
        action: 'What',
        entity: 'Screen',
        entityId: 'Record',
        changes: 'Changes',
        ip: 'From',
        q: 'Search',
        from: 'From day',
        to: 'To day',
    },
    empty: 'No activity yet.',
    invite: 'Every change staff make, and every sign-in, is recorded here.',
    no_results: 'No activity found.',
    history: 'History of this record',
    notifications: {
        fetch_list_error: 'Failed to fetch the activity log.',
        fetch_one_error: 'Failed to fetch this activity.',
    },
};
