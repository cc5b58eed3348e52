export default {
    name: 'Coupon |||| Coupons',
    fields: {
        id: 'ID',
        image: 'Image',
        heading: 'Heading',
        description: 'Description',
        couponCode: 'Code',
        discountType: 'Discount type',
        discountValue: 'Discount',
        minimumAmount: 'Minimum order (₹)',
        startDate: 'Starts',
        expiryDate: 'Expires',
        state: 'State',
        status: 'Status',
        q: 'Search',
    },
    choices: {
        discountType: { percentage: 'Percentage (%)', fixed: 'Fixed amount (₹)' },
    },
    empty: 'No coupons yet.',
    invite: 'Add a coupon: a percentage or a fixed amount off, between two dates.',
    no_results: 'No coupons found.',
    form_hint: 'A percentage discount is above 0 and at most 100; a fixed discount is in rupees. The code is saved in capitals.',
    notifications: {
        // After a save, a toggle or a delete: the schema's messages (src/i18n/schemaLabels.ts).
        fetch_list_error: 'Failed to fetch coupons.',
        fetch_one_error: 'Failed to fetch coupon.',
        submit_error: 'Failed to submit coupon. Please try again.',
        toggle_error: 'Failed to toggle coupon status. Please try again.',
        delete_error: 'Failed to delete coupon. Please try again.',
    },
};
