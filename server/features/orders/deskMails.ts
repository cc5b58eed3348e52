import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { queue, shopFor } from './customerMails';

type Db = Kysely<Database> | Transaction<Database>;

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A letter of a few plain sentences, in text and the same in HTML. */
function letter(customerName: string, headline: string, body: string[], shopName: string) {
    const text = [`Dear ${customerName},`, '', `${headline}.`, '', ...body, '', shopName].join('\n');
    const html = `<p>Dear ${escape(customerName)},</p><p><strong>${escape(headline)}.</strong></p>${body.map((line) => `<p>${escape(line)}</p>`).join('')}<p>${escape(shopName)}</p>`;
    return { subject: `${headline} - ${shopName}`, text, html };
}

/** The mail with the link that pays an order staff took (its kind names the link's payment row, one mail per link). */
export async function tellPaymentLink(trx: Db, orderId: number, paymentId: number, url: string): Promise<void> {
    const shop = await shopFor(trx, 'placed');
    const order = await trx.selectFrom('orders').select(['id', 'customerName', 'customerEmail', 'totalPrice']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const headline = `Please pay ${rupees(order.totalPrice)} for your order #${orderId}`;
    const body = [`Pay online here: ${url}`, 'We pack your order once it is paid.'];
    await queue(trx, order, `link-${paymentId}`, letter(order.customerName, headline, body, shop.name), shop.name);
}

/** The mail saying what staff changed in an order and its new total; its kind names the history row of the change. */
export async function tellLinesChanged(trx: Db, orderId: number, historyId: number, changes: string[], settlement: string | null): Promise<void> {
    const shop = await shopFor(trx, 'placed');
    if (!shop.on) return;
    const order = await trx.selectFrom('orders').select(['id', 'customerName', 'customerEmail', 'totalPrice']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const headline = `We changed your order #${orderId}`;
    const body = [...changes, `New total: ${rupees(order.totalPrice)}`, ...(settlement ? [settlement] : [])];
    await queue(trx, order, `edit-${historyId}`, letter(order.customerName, headline, body, shop.name), shop.name);
}
