import { sql, type Kysely, type Transaction } from 'kysely';
import { stateCode, GST_STATES } from '../../../schema/gstin';
import type { Database } from '../../db/tables';
import { indiaDate } from './shopTime';
import { gstinProblem } from '../../../schema/gstin';
import { setupMissing, type SetupItem } from '../invoices/shopSetup';

type Db = Kysely<Database> | Transaction<Database>;

/** The seller as an invoice names it, kept on the order when its invoice is made. */
export interface InvoiceSeller {
    legalName: string;
    gstin: string | null;
    /** The state's name and GST code, from the settings or else from the GSTIN. */
    state: string | null;
    stateCode: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    /** How the delivery charge is taxed (settings); absent on invoices made before it was a choice: the principal rule. */
    deliveryGst?: 'principal' | 'highest';
    /** What the shop had not yet set when the invoice was made (absent on older invoices: nothing known missing). */
    setupMissing?: SetupItem[];
}

/** The buyer as an invoice names them, kept on the order when its invoice is made. */
export interface InvoiceBuyer {
    gstin: string | null;
    businessName: string | null;
}

export const DEFAULT_INVOICE_PREFIX = 'INV';

/**
 * The Indian financial year (April to March) of an instant, by the shop's calendar (India Standard Time):
 * `2026-27` from 1 April 2026 00:00 IST to 31 March 2027 23:59:59 IST.
 */
export function financialYear(at: string | Date): string {
    const [year, month] = indiaDate(new Date(at)).split('-').map(Number);
    const start = month >= 4 ? year : year - 1;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * `INV/26-27/000123`: the prefix, the financial year and the serial of six digits (more past 999,999). With a prefix of
 * at most three characters it keeps within the 16 characters GST allows an invoice number (CGST Rules, rule 46(b)).
 */
export const formatInvoiceNumber = (prefix: string, year: string, serial: number) => `${prefix}/${year.slice(2)}/${String(serial).padStart(6, '0')}`;

/** The settings row's columns an invoice reads (the database's plugin answers them in camelCase). */
interface SettingsRow {
    legalName?: string | null;
    website?: string | null;
    gstin?: string | null;
    state?: string | null;
    address?: string | null;
    contact?: string | null;
    email?: string | null;
    invoicePrefix?: string | null;
    gstUnregistered?: number | null;
    deliveryGst?: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The active settings row as an invoice needs it (defaults when there is none). */
export async function currentSeller(db: Db): Promise<{ seller: InvoiceSeller; prefix: string }> {
    const { rows } = await sql<SettingsRow>`select * from settings where status = 1 order by id desc limit 1`.execute(db);
    const row = rows[0] ?? {};
    const gstin = text(row.gstin);
    const state = text(row.state) ?? (gstin ? GST_STATES[gstin.slice(0, 2)] ?? null : null);
    return {
        seller: {
            legalName: text(row.legalName) ?? text(row.website)?.replace(/^https?:\/\//, '').replace(/\/$/, '') ?? 'Our shop',
            gstin,
            state,
            stateCode: state ? (stateCode(state) ?? null) : null,
            address: text(row.address),
            phone: text(row.contact),
            email: text(row.email),
            deliveryGst: row.deliveryGst === 'highest' ? 'highest' : 'principal',
            setupMissing: setupMissing(row),
        },
        prefix: text(row.invoicePrefix)?.toUpperCase() ?? DEFAULT_INVOICE_PREFIX,
    };
}

/** The state of the order's delivery pincode, when the shop has said which (else the shop's own state). */
async function deliveryState(db: Db, orderId: number): Promise<string | null> {
    const row = await db
        .selectFrom('orders')
        .innerJoin('pincodes', 'pincodes.pincode', 'orders.pincode')
        .select('pincodes.state')
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
    return row?.state ?? null;
}

/** The order's customer as a business buyer: their GSTIN (when it passes its check) and business name. */
async function buyerOf(db: Db, orderId: number): Promise<InvoiceBuyer> {
    const row = await db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.customerId')
        .select(['users.gstin', 'users.businessName'])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
    const gstin = text(row?.gstin)?.toUpperCase() ?? null;
    return { gstin: gstin && !gstinProblem(gstin) ? gstin : null, businessName: text(row?.businessName) };
}

/**
 * Gives the order its tax invoice number, inside the transaction that made it paid (online) or delivered (cash on
 * delivery), at `at`, that change's instant. The financial year's counter advances in one upsert that answers the new
 * value, and the row stays locked (PostgreSQL) or the database written (SQLite) until the transaction ends: two orders
 * paid at the same moment get consecutive numbers, and a transaction that fails takes its number back with it, so
 * none is skipped or given twice. Also keeps the seller as the settings say now, the buyer (a business customer's
 * GSTIN), the place of supply and each line's HSN code.
 * An order that already has a number keeps it. Answers the number.
 */
export async function assignInvoiceNumber(trx: Db, orderId: number, at: string): Promise<string> {
    const order = await trx.selectFrom('orders').select('invoiceNumber').where('id', '=', orderId).executeTakeFirstOrThrow();
    if (order.invoiceNumber) return order.invoiceNumber;
    const year = financialYear(at);
    const { lastNumber } = await trx
        .insertInto('invoiceCounters')
        .values({ financialYear: year, lastNumber: 1 })
        .onConflict((conflict) => conflict.column('financialYear').doUpdateSet((eb) => ({ lastNumber: eb('invoiceCounters.lastNumber', '+', 1) })))
        .returning('lastNumber')
        .executeTakeFirstOrThrow();
    const { seller, prefix } = await currentSeller(trx);
    const invoiceNumber = formatInvoiceNumber(prefix, year, lastNumber);
    const placeOfSupply = (await deliveryState(trx, orderId)) ?? seller.state;
    await trx
        .updateTable('orders')
        .set({ invoiceNumber, invoicedAt: at, invoiceSeller: JSON.stringify(seller), invoiceBuyer: JSON.stringify(await buyerOf(trx, orderId)), placeOfSupply })
        .where('id', '=', orderId)
        .execute();
    await trx
        .updateTable('orderLines')
        .set((eb) => ({
            hsn: eb.selectFrom('products').select('products.hsn').whereRef('products.id', '=', 'orderLines.productId'),
            mrp: eb.selectFrom('products').select('products.mrp').whereRef('products.id', '=', 'orderLines.productId'),
        }))
        .where('orderId', '=', orderId)
        .execute();
    return invoiceNumber;
}
