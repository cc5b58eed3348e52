export default {
    name: 'Contact message |||| Contact messages',
    fields: {
        id: 'ID',
        createdAt: 'Received',
        name: 'Name',
        email: 'E-mail',
        contactNo: 'Contact number',
        subject: 'Subject',
        message: 'Message',
        read: 'Read',
        q: 'Search',
    },
    title: 'Contact messages',
    empty: 'No messages yet',
    no_results: 'No messages found',
    read_choices: {
        unread: 'Unread',
        read: 'Read',
    },
    actions: {
        mark_read: 'Mark as read',
        mark_unread: 'Mark as unread',
    },
    notifications: {
        toggled: 'Message updated',
        toggle_error: 'Failed to update the message. Please try again.',
        fetch_list_error: 'Failed to fetch messages. Please try again.',
    },
};
