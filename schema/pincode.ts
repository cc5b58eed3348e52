import { STATE_NAMES } from './gstin';
import { defineEntity } from './types';

export const pincode = defineEntity({
    name: 'pincode',
    table: 'pincodes',
    noun: ['pincode', 'pincodes'],
    tag: 'Pincodes',
    paths: {
        list: '/pincode',
        item: '/pincode/:id',
        create: '/pincode',
        update: '/pincode/:id',
        toggle: '/pincode/:id/toggle',
        remove: '/pincode/:id',
    },
    fields: {
        pincode: { type: 'text', required: true, check: 'pincode', unique: 'This pincode already exists' },
        prize: { type: 'money', required: true, max: 10_000, label: 'delivery charge', description: 'The delivery charge to this pincode, in rupees' },
        // Where the goods are supplied decides the tax on the invoice: CGST + SGST within the shop's state, IGST outside.
        state: {
            type: 'enum',
            choices: STATE_NAMES,
            message: 'Please choose the state this pincode is in',
            description: "The state this pincode is in, the invoice's place of supply (the shop's own state when left empty)",
        },
        status: { type: 'integer', ignored: 'Sent by the legacy client and ignored: a pincode is saved active (1)' },
    },
    onSave: { status: 1 },
    // Delivery charges are the administrator's.
    access: { create: 'admin', update: 'admin', toggle: 'admin' },
    list: {
        search: ['pincode'],
        sort: ['id', 'pincode', 'prize', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
        columns: ['id', 'pincode', 'prize', 'state', 'status'],
    },
    messages: {
        created: 'Pincode added successfully',
        updated: 'Pincode updated successfully',
        toggled: 'Pincode status toggled successfully',
        deleted: 'Pincode deleted successfully',
        notFound: 'Pincode not found',
    },
    representation: 'pincode',
    icon: 'LocalShipping',
    import: true,
});
