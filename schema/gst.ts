import { defineEntity } from './types';

export const gst = defineEntity({
    name: 'gst',
    table: 'gstRates',
    noun: ['GST rate', 'GST rates'],
    tag: 'GST',
    paths: { list: '/gst', item: '/gst/:id', create: '/gst', update: '/gst/:id', toggle: '/gst/:id/toggle', remove: '/gst/:id' },
    fields: {
        type: { type: 'enum', choices: ['CGST', 'SGST', 'IGST'], required: true, message: 'Please choose the GST type: CGST, SGST or IGST' },
        description: { type: 'longText', required: true, max: 2000, message: 'Please enter the GST description' },
        percent: { type: 'percent', required: true, places: 2, max: 100, label: 'GST percent' },
        status: { type: 'integer', ignored: 'Sent by the legacy client and ignored: a GST rate is saved active (1)' },
    },
    onSave: { status: 1 },
    // Tax rates are the administrator's: a seller may read them, not change them.
    access: { create: 'admin', update: 'admin', toggle: 'admin' },
    list: {
        search: ['type', 'description'],
        sort: ['id', 'type', 'percent', 'status', 'createdAt', 'updatedAt'],
        filters: ['type', 'status'],
        columns: ['id', 'type', 'description', 'percent', 'status'],
    },
    messages: {
        created: 'GST added successfully',
        updated: 'GST updated successfully',
        toggled: 'GST status toggled successfully',
        deleted: 'GST deleted successfully',
        notFound: 'GST rate not found',
    },
    representation: '%{type} %{percent}%',
    icon: 'Percent',
});
