export default {
    name: 'गतिविधि |||| गतिविधियाँ',
    fields: {
        id: 'आईडी',
        createdAt: 'कब',
        userEmail: 'किसने',
        action: 'क्या',
        entity: 'स्क्रीन',
        entityId: 'रिकॉर्ड',
        changes: 'बदलाव',
        ip: 'कहाँ से',
        q: 'खोजें',
        from: 'इस दिन से',
        to: 'इस दिन तक',
    },
    empty: 'अभी कोई गतिविधि नहीं।',
    invite: 'कर्मचारियों का हर बदलाव और हर साइन-इन यहाँ दर्ज होता है।',
    no_results: 'कोई गतिविधि नहीं मिली।',
    history: 'इस रिकॉर्ड का इतिहास',
    notifications: {
        fetch_list_error: 'गतिविधि लॉग लोड नहीं हो सका।',
        fetch_one_error: 'यह गतिविधि लोड नहीं हो सकी।',
    },
};
