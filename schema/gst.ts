import { defineEntity } from './types';

/**
 * The total GST rates the law has for goods since the reform of 22 September 2025, in hundredths of a percent: nil,
 * 5 % (merit), 18 % (standard), 40 % (demerit), and the special rates 0.25 % (rough precious stones), 1.5 % (cut and
 * polished diamonds), 3 % (gold, silver, jewellery) and 0.1 % (supplies to merchant exporters).
 */
export const GST_RATES = [0, 10, 25, 150, 300, 500, 1800, 4000] as const;

/**
 * A product's total GST rate from the row it was given, in hundredths: an IGST row's percent is the whole rate, a CGST
 * or SGST row's is one half of it (a CGST 2.5 % row is the 5 % rate), so a product is never taxed at half its rate.
 */
export const totalRate = (type: string, percent: number) => (type === 'CGST' || type === 'SGST' ? percent * 2 : percent);

export const gst = defineEntity({
    name: 'gst',
    table: 'gstRates',
    noun: ['GST rate', 'GST rates'],
    tag: 'GST',
    paths: { list: '/gst', item: '/gst/:id', create: '/gst', update: '/gst/:id', toggle: '/gst/:id/toggle', remove: '/gst/:id' },
    fields: {
        type: {
            type: 'enum',
            choices: ['CGST', 'SGST', 'IGST'],
            required: true,
            message: 'Please choose the GST type: CGST, SGST or IGST',
            description: "IGST: the percent is the product's whole GST rate; CGST or SGST: it is one half (CGST 2.5 % taxes 5 %). Invoices split the whole rate by place of supply",
        },
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
