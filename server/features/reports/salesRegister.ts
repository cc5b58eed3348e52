import { stateCode } from '../../../schema/gstin';
import type { CreditLine } from '../creditNotes/creditPart';
import type { InvoiceLine } from '../invoices/taxInvoice';
import { csvText, type Cell } from './csvText';
import { gstDate } from './gstr1';
import type { Filed, PeriodDocuments } from './periodDocuments';

export const REGISTER_HEADER = ['Document', 'Number', 'Date', 'Original invoice', 'Buyer', 'GSTIN', 'Place of supply', 'HSN', 'Rate %', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];

type Line = Pick<InvoiceLine & CreditLine, 'hsn' | 'gstPercent' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal'>;

/** One row per rate of a document; a credit note's amounts negative, so the register adds up to the net sales. */
function rowsOf(kind: string, number: string, at: string, original: string, doc: Filed, lines: Line[], sign: number): Cell[][] {
    const byRate = new Map<number, Line[]>();
    for (const line of lines) byRate.set(line.gstPercent, [...(byRate.get(line.gstPercent) ?? []), line]);
    const place = doc.invoice.placeOfSupply ? `${doc.invoice.placeOfSupply} (${stateCode(doc.invoice.placeOfSupply) ?? ''})` : '';
    return [...byRate].sort(([a], [b]) => a - b).map(([rate, group]) => {
        const total = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal') => ({ paise: sign * group.reduce((sum, line) => sum + line[key], 0) });
        const hsn = [...new Set(group.map((line) => line.hsn ?? ''))].filter(Boolean).join(' ');
        return [kind, number, gstDate(at), original, doc.invoice.buyer.businessName ?? doc.invoice.customer.name, doc.ctin ?? '', place, hsn, rate / 100, total('taxable'), total('cgst'), total('sgst'), total('igst'), total('lineTotal')];
    });
}

/** The sales register of the documents: invoices, then credit notes, each in number order. */
export function salesRegisterRows(docs: PeriodDocuments): Cell[][] {
    return [
        ...docs.invoices.flatMap((doc) => rowsOf('Invoice', doc.invoice.number, doc.invoice.issuedAt, '', doc, doc.invoice.lines, 1)),
        ...docs.credit.flatMap(({ note, of }) => rowsOf('Credit note', note.number, note.issuedAt, note.invoiceNumber, of, note.lines, -1)),
    ];
}

export const salesRegisterCsv = (docs: PeriodDocuments) => csvText(REGISTER_HEADER, salesRegisterRows(docs));
