import type { CreditNoteLinesTable } from '../../db/tables';
import { splitTax, type TaxInvoice } from '../invoices/taxInvoice';
import { partOfPiece, quantityText } from '../../../schema/measure';

/** What a credit note gives back of one invoice line, in paise: its stored line, with `line` its place on the invoice, from 0. */
export type CreditLine = Omit<CreditNoteLinesTable, 'id' | 'creditNoteId' | 'lineIndex'> & { line: number };

/** What is given back: everything still on the invoice, chosen lines and quantities, or an amount. */
export type CreditRequest = { all: true } | { lines: { line: number; quantity: number }[] } | { amount: number };

type Figures = Pick<CreditLine, 'quantity' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal'>;
const FIGURES = ['quantity', 'taxable', 'cgst', 'sgst', 'igst', 'lineTotal'] as const;

/** Each invoice line less what earlier credit notes gave back of it. */
export function remainingOf(invoice: TaxInvoice, credited: CreditLine[]): CreditLine[] {
    return invoice.lines.map((line, index) => {
        const left: CreditLine = { line: index, name: line.name, hsn: line.hsn, gstPercent: line.gstPercent, quantity: line.quantity, taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst, lineTotal: line.lineTotal };
        for (const past of credited.filter((c) => c.line === index)) for (const key of FIGURES) left[key] -= past[key];
        return left;
    });
}

/**
 * `value` paise of a line (GST included) taken apart at its rate: the tax is the part of `value` the rate makes
 * (rounded to the paisa), split CGST + SGST or IGST as the invoice was; the rest is taxable value.
 */
function partOf(left: CreditLine, value: number, quantity: number, intraState: boolean): CreditLine {
    if (value === left.lineTotal) return { ...left, quantity };
    const tax = Math.min(left.cgst + left.sgst + left.igst, Math.round((value * left.gstPercent) / (10_000 + left.gstPercent)));
    return { ...left, quantity, taxable: value - tax, ...splitTax(tax, intraState), lineTotal: value };
}

const hasValue = (line: Figures) => line.lineTotal > 0;

/**
 * The lines of a credit note for `request` against what is left of the invoice. A line given back to its last unit
 * (or all of it) takes exactly what is left, so the notes of an invoice add up to it to the paisa. A part of a line
 * is its value at what a unit was paid (the unit price less its share of a coupon); an amount is shared among the lines by what is left of each (the last
 * takes the rounding). Answers a sentence instead when the request asks for more than is left.
 */
export function creditLines(invoice: TaxInvoice, remaining: CreditLine[], request: CreditRequest): CreditLine[] | string {
    if ('all' in request) return remaining.filter(hasValue);
    if ('lines' in request) {
        const out: CreditLine[] = [];
        for (const { line, quantity } of request.lines) {
            const left = remaining[line - 1];
            if (!left) return `The invoice has no line ${line}`;
            if (out.some((taken) => taken.line === line - 1)) return `Line ${line} is named twice: please give its quantity once`;
            const unit = invoice.lines[line - 1].unit;
            if (quantity <= 0) return `Please give a quantity above 0 for line ${line}`;
            if (quantity > left.quantity) return `Line ${line} (${left.name}) has ${quantityText(left.quantity, unit)} left to refund, not ${quantityText(quantity, unit)}`;
            if (partOfPiece(quantity, unit)) return `Line ${line} (${left.name}) is counted in whole pieces`;
            // A unit is worth what was paid for it: the line's value net of its share of the coupon, per unit.
            const sold = invoice.lines[line - 1];
            const value = quantity === left.quantity ? left.lineTotal : Math.min(left.lineTotal, Math.floor((sold.lineTotal * quantity) / sold.quantity));
            if (value > 0) out.push(partOf(left, value, quantity, invoice.intraState));
        }
        return out;
    }
    const open = remaining.filter(hasValue);
    const total = open.reduce((sum, line) => sum + line.lineTotal, 0);
    if (request.amount > total) return `At most ₹${(total / 100).toFixed(2)} of this invoice is left to refund`;
    let given = 0;
    return open
        .map((left, i) => {
            const value = i === open.length - 1 ? request.amount - given : Math.floor((request.amount * left.lineTotal) / total);
            given += value;
            return value > 0 ? partOf(left, value, 0, invoice.intraState) : undefined;
        })
        .filter((line): line is CreditLine => line !== undefined);
}
