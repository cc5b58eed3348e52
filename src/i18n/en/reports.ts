// Orders → GST returns (src/resources/reports/) and the order page's credit notes.
export const reports = {
    name: 'GST return |||| GST returns',
    menu: 'GST returns',
    title: 'GST returns and registers',
    gstr1: 'GSTR-1',
    gstr1_hint: 'Outward supplies of a month or a quarter, as the GST portal’s offline tool imports them: B2B, B2C large and small, credit notes, exempt sales, the HSN summary and the documents issued.',
    period: 'Period',
    period_hint: 'A month as 2026-11, or a quarter as 2026-Q3 (July to September)',
    format: 'Format',
    formats: { json: 'JSON for the offline tool', zip: 'Spreadsheet sheets (CSV, zipped)' },
    register: 'Sales register',
    register_hint: 'One row per invoice or credit note per GST rate, credit notes negative: number, date, buyer, GSTIN, place of supply, HSN, taxable value, CGST, SGST, IGST.',
    from: 'From',
    to: 'To',
    download: 'Download',
    error: 'The report could not be made. Please try again.',
};

export const creditNotes = {
    title: 'Credit notes',
    kinds: { cancelled: 'Cancellation', refunded: 'Refund', partial: 'Partial refund' },
    error: 'The credit note could not be opened. Please try again.',
};
