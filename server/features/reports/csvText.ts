import { neutraliseCell } from '../../../schema/csvCell';

/** A cell: text, a count or rate, or an amount in paise (written in rupees with two decimals, signed). */
export type Cell = string | number | { paise: number };

const textOf = (value: Cell) => {
    if (typeof value === 'number') return String(value);
    if (typeof value === 'object') return (value.paise / 100).toFixed(2);
    return neutraliseCell(value);
};

/** CSV text (RFC 4180, CRLF) with a byte-order mark so spreadsheets read ₹ and Hindi names; text never runs as a formula. */
export function csvText(header: string[], rows: Cell[][]): string {
    const cell = (value: Cell) => {
        const text = textOf(value);
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
