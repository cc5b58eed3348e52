import { defineEntity } from './types';

export const coupons = defineEntity({
    name: 'coupons',
    table: 'coupons',
    noun: ['coupon', 'coupons'],
    tag: 'Coupons',
    paths: {
        list: '/coupons',
        item: '/coupons/:id',
        create: '/createCoupon',
        update: '/coupons/:id',
        toggle: '/coupons/:id/toggle',
        remove: '/coupons/:id',
    },
    fields: {
        image: { type: 'image' },
        heading: { type: 'text', required: true, max: 200, message: 'Please enter the coupon heading' },
        description: { type: 'longText', max: 2000 },
        couponCode: {
            type: 'text',
            required: true,
            max: 40,
            case: 'upper',
            pattern: '^\\s*[A-Za-z0-9_-]{3,40}\\s*$',
            message: 'Please enter a coupon code of 3 to 40 letters, digits, - or _',
            unique: 'This coupon code already exists',
            copyable: true,
        },
        discountType: { type: 'enum', choices: ['percentage', 'fixed'], required: true, message: 'Please choose percentage or fixed' },
        // Hundredths either way: a percentage's hundredths of a percent, a fixed amount's paise.
        discountValue: {
            type: 'money',
            required: true,
            max: 100_000,
            label: 'discount',
            percentWhen: { field: 'discountType', equals: 'percentage' },
            rangeBy: {
                field: 'discountType',
                ranges: {
                    percentage: { min: 0.01, max: 100, message: 'A percentage discount is above 0 and at most 100' },
                    fixed: { min: 0.01, message: 'A fixed discount is above 0' },
                },
            },
        },
        minimumAmount: { type: 'money', max: 10_000_000, label: 'minimum amount' },
        startDate: { type: 'date', required: true, message: 'Please enter the start date' },
        expiryDate: {
            type: 'date',
            required: true,
            message: 'Please enter the expiry date',
            notBefore: { field: 'startDate', message: 'The expiry date cannot be before the start date' },
        },
    },
    window: { from: 'startDate', to: 'expiryDate' },
    // Discounts are the administrator's; sellers may read them.
    access: { create: 'admin', update: 'admin', toggle: 'admin' },
    list: {
        search: ['couponCode', 'heading', 'description'],
        sort: ['id', 'couponCode', 'heading', 'startDate', 'expiryDate', 'status', 'createdAt'],
        filters: ['discountType', 'status', 'state'],
        columns: ['id', 'couponCode', 'heading', 'discountValue', 'expiryDate', 'state', 'status'],
    },
    messages: {
        created: 'Coupon added successfully',
        updated: 'Coupon updated successfully',
        toggled: 'Coupon status toggled successfully',
        deleted: 'Coupon deleted successfully',
        notFound: 'Coupon not found',
    },
    representation: 'couponCode',
    icon: 'LocalOffer',
});
