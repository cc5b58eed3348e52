import { includedTax } from '../orders/pricing';

interface GoodsLine {
    hsn: string | null;
    gstPercent: number;
    lineTotal: number;
}

/**
 * The rate and HSN code the delivery charge is taxed at. A shop that delivers what it sells makes a composite supply
 * (CGST Act section 2(30)) taxed as its principal supply (section 8(a)): `principal` takes the line of the largest
 * value (the first of equals); `highest` takes the highest rate in the order, the cautious reading when no one line
 * is plainly the principal one. The charge includes its GST, as the catalogue's prices do.
 */
export function deliveryTerms(rule: 'principal' | 'highest', lines: GoodsLine[]): { gstPercent: number; hsn: string | null } {
    if (!lines.length) return { gstPercent: 0, hsn: null };
    const pick = (better: (a: GoodsLine, b: GoodsLine) => boolean) => lines.reduce((best, line) => (better(line, best) ? line : best));
    const chosen = rule === 'highest' ? pick((a, b) => a.gstPercent > b.gstPercent) : pick((a, b) => a.lineTotal > b.lineTotal);
    return { gstPercent: chosen.gstPercent, hsn: chosen.hsn };
}

/** The delivery charge as an invoice line's figures before the split: its rate, HSN, and the GST it includes. */
export function deliveryFigures(rule: 'principal' | 'highest', lines: GoodsLine[], charge: number) {
    const terms = deliveryTerms(rule, lines);
    return { ...terms, lineTotal: charge, tax: includedTax(charge, terms.gstPercent) };
}
