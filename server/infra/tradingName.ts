import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The name customers know the shop by (Settings → trading name): the sender of every mail — sign-in codes as much
 * as order mails — and the heading of packing slips. Unset, the legal name, then the website's host, then "Our shop".
 * Tax documents print the legal name instead (features/orders/invoiceNumber.ts).
 */
export async function tradingName(db: Kysely<Database> | Transaction<Database>): Promise<string> {
    const { rows } = await sql<Record<string, unknown>>`select * from settings where status = 1 order by id desc limit 1`.execute(db);
    return tradingNameOf(rows[0] ?? {});
}

/** The same, from the active settings row already read. */
export const tradingNameOf = (row: Record<string, unknown>) =>
    text(row.tradingName) ?? text(row.legalName) ?? text(row.website)?.replace(/^https?:\/\//, '').replace(/\/$/, '') ?? 'Our shop';
