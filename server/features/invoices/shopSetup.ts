/** What the shop must say before its documents can be tax invoices, in the order the checklist asks for it. */
export const SETUP_ITEMS = ['legalName', 'address', 'state', 'gstin'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

/** The settings row's columns the checklist reads (the database's plugin answers them in camelCase). */
export interface SetupRow {
    legalName?: string | null;
    address?: string | null;
    state?: string | null;
    gstin?: string | null;
    gstUnregistered?: number | boolean | null;
}

const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * What is missing of the shop's legal name, address, state and GSTIN (a shop that says it is not registered under
 * GST needs none). Rule 46(a) asks a tax invoice for the supplier's name, address and GSTIN, and the state decides
 * the tax split, so until these are set no document says TAX INVOICE.
 */
export function setupMissing(row: SetupRow | undefined): SetupItem[] {
    const unregistered = Boolean(row?.gstUnregistered);
    return SETUP_ITEMS.filter((item) => (item === 'gstin' && unregistered ? false : !given(row?.[item])));
}
