import { downloadCSV, type Exporter, type TranslateFunction } from 'react-admin';

import { toCsv, type CsvCell } from '../../crud/schemaExporter';
import type { OrderAccountsRow } from '../../dataProvider';

const COLUMNS = ['id', 'createdAt', 'customerName', 'customerEmail', 'customerPhone', 'pincode', 'paymentMethod', 'status'] as const;
const AMOUNTS = ['subtotal', 'taxTotal', 'deliveryCharge', 'discount', 'totalPrice'] as const;

/** India's clock has no daylight saving: the shop's time is UTC + 5:30, written as spreadsheets read it (2026-11-22 11:00). */
const shopTime = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The orders as the accounts read them: one row per order, amounts as plain numbers of rupees (no ₹, no grouping),
 * so a spreadsheet adds them up; words for the payment method and status; the invoice number once orders carry one.
 */
export function ordersCsv(rows: OrderAccountsRow[], translate: TranslateFunction): string {
    const invoices = rows.some(row => 'invoiceNumber' in row);
    const columns = [...COLUMNS, ...AMOUNTS, ...(invoices ? (['invoiceNumber'] as const) : [])];
    const cell = (row: OrderAccountsRow, column: (typeof columns)[number]): CsvCell => {
        switch (column) {
            case 'createdAt':
                return shopTime(row.createdAt);
            case 'paymentMethod':
                return translate(`resources.orders.methods.${row.paymentMethod}`);
            case 'status':
                return translate(`resources.orders.statuses.${row.status}`);
            case 'invoiceNumber':
                return row.invoiceNumber ?? '';
            case 'customerPhone':
                return row.customerPhone ?? '';
            default:
                return row[column];
        }
    };
    const header = columns.map(column => translate(`resources.orders.csv.${column}`));
    return toCsv([header, ...rows.map(row => columns.map(column => cell(row, column)))]);
}

/** The order list's exporter: every order the filters match (OrderExportButton fetches them), as CSV. */
export const orderExporter =
    (translate: TranslateFunction): Exporter<OrderAccountsRow> =>
    rows => {
        // A byte-order mark, so that spreadsheet programs read the names and Hindi as UTF-8.
        downloadCSV(`\ufeff${ordersCsv(rows, translate)}`, 'orders');
    };
