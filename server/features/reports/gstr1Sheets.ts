import { GST_STATES } from '../../../schema/gstin';
import { strToU8, zipSync } from 'fflate';
import { csvText, type Cell } from './csvText';
import type { Gstr1 } from './gstr1';

// The sheets of the offline tool's Excel template (one CSV each, its column titles), which the tool also imports.
const place = (code: string) => `${code}-${GST_STATES[code] ?? ''}`;
const money = (rupees: number): Cell => ({ paise: Math.round(rupees * 100) });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** dd-mm-yyyy as the template writes dates: 05-Nov-2026. */
const day = (date: string) => {
    const [d, m, y] = date.split('-');
    return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
};
type Item = { itm_det: { rt: number; txval: number; csamt: number } };
const perRate = <T extends { itms: Item[] }>(docs: T[], cells: (doc: T, item: Item['itm_det']) => Cell[]) => docs.flatMap((doc) => doc.itms.map((item) => cells(doc, item.itm_det)));

export function gstr1Sheets(json: Gstr1): Record<string, string> {
    return {
        b2b: csvText(
            ['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Applicable % of Tax Rate', 'Invoice Type', 'E-Commerce GSTIN', 'Rate', 'Taxable Value', 'Cess Amount'],
            json.b2b.flatMap((group) => perRate(group.inv, (inv, item) => [group.ctin, '', inv.inum, day(inv.idt), money(inv.val), place(inv.pos), 'N', '', 'Regular B2B', '', item.rt, money(item.txval), money(item.csamt)])),
        ),
        b2cl: csvText(
            ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
            json.b2cl.flatMap((group) => perRate(group.inv, (inv, item) => [inv.inum, day(inv.idt), money(inv.val), place(group.pos), '', item.rt, money(item.txval), money(item.csamt), ''])),
        ),
        b2cs: csvText(
            ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
            json.b2cs.map((row) => [row.typ, place(row.pos), '', row.rt, money(row.txval), money(row.csamt), '']),
        ),
        cdnr: csvText(
            ['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
            json.cdnr.flatMap((group) => perRate(group.nt, (nt, item) => [group.ctin, '', nt.nt_num, day(nt.nt_dt), 'C', place(nt.pos), 'N', 'Regular B2B', money(nt.val), '', item.rt, money(item.txval), money(item.csamt)])),
        ),
        cdnur: csvText(
            ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
            perRate(json.cdnur, (nt, item) => [nt.typ, nt.nt_num, day(nt.nt_dt), 'C', place(nt.pos), money(nt.val), '', item.rt, money(item.txval), money(item.csamt)]),
        ),
        exemp: csvText(
            ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies'],
            json.nil.inv.map((row) => [row.sply_ty, money(row.nil_amt), money(row.expt_amt), money(row.ngsup_amt)]),
        ),
        hsn: csvText(
            ['HSN', 'Description', 'UQC', 'Total Quantity', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'],
            json.hsn.data.map((row) => [row.hsn_sc, row.desc, row.uqc, row.qty, row.rt, money(row.txval), money(row.iamt), money(row.camt), money(row.samt), money(row.csamt)]),
        ),
        docs: csvText(
            ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
            json.doc_issue.doc_det.flatMap((group) => group.docs.map((doc) => [group.doc_typ, doc.from, doc.to, doc.totnum, doc.cancel])),
        ),
    };
}

export const SHEETS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn', 'docs'] as const;

/** The sheets as one zip of CSV files, named as the template's sheets (a few kilobytes each: built in memory). */
export const gstr1Zip = (json: Gstr1, period: string) =>
    Buffer.from(zipSync(Object.fromEntries(Object.entries(gstr1Sheets(json)).map(([name, text]) => [`GSTR1-${period}-${name}.csv`, strToU8(text)]))));
