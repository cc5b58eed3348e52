export default {
    name: 'संपर्क संदेश |||| संपर्क संदेश',
    fields: {
        id: 'आईडी',
        createdAt: 'प्राप्त',
        name: 'नाम',
        email: 'ई-मेल',
        contactNo: 'संपर्क नंबर',
        subject: 'विषय',
        message: 'संदेश',
        read: 'पढ़ा गया',
        q: 'खोजें',
    },
    title: 'संपर्क संदेश',
    empty: 'अभी कोई संदेश नहीं',
    no_results: 'कोई संदेश नहीं मिला',
    read_choices: {
        unread: 'अपठित',
        read: 'पढ़ा गया',
    },
    actions: {
        mark_read: 'पढ़ा हुआ चिह्नित करें',
        mark_unread: 'अपठित चिह्नित करें',
    },
    notifications: {
        toggled: 'संदेश अद्यतन हुआ',
        toggle_error: 'संदेश अद्यतन नहीं हो सका। कृपया पुनः प्रयास करें।',
        fetch_list_error: 'संदेश लोड नहीं हो सके। कृपया पुनः प्रयास करें।',
    },
};
