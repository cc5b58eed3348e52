/**
 * The document an order's sale gets under the CGST Rules (see docs/gst.md):
 * - `tax-invoice` (rule 46): a registered shop selling taxable goods, or any goods to a registered buyer;
 * - `bill-of-supply` (rule 49): a shop not registered under GST, or goods that are all exempt or nil-rated;
 * - `invoice-cum-bill-of-supply` (rule 46A): a registered shop selling taxable and exempt goods together to an
 *   unregistered buyer, in one document.
 */
export type DocumentKind = 'tax-invoice' | 'bill-of-supply' | 'invoice-cum-bill-of-supply';

export function documentKind(sellerRegistered: boolean, buyerRegistered: boolean, lines: { gstPercent: number }[]): DocumentKind {
    if (!sellerRegistered) return 'bill-of-supply';
    const taxed = lines.filter((line) => line.gstPercent > 0).length;
    if (taxed === 0) return 'bill-of-supply';
    // Rule 46A lets one document carry both only for an unregistered buyer; a registered buyer's exempt lines stay
    // on its tax invoice at a nil rate, which its GSTR-1 reports as such.
    if (taxed < lines.length && !buyerRegistered) return 'invoice-cum-bill-of-supply';
    return 'tax-invoice';
}

/** The title a document of this kind carries; a registered shop whose set-up is incomplete never says TAX INVOICE. */
export function documentTitle(kind: DocumentKind, setupComplete: boolean): string {
    if (kind === 'bill-of-supply') return 'BILL OF SUPPLY';
    if (!setupComplete) return 'INVOICE';
    return kind === 'tax-invoice' ? 'TAX INVOICE' : 'INVOICE-CUM-BILL OF SUPPLY';
}
