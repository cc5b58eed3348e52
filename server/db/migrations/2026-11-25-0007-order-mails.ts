import { type Kysely } from 'kysely';

// The customer's mails at each step of an order. Frozen once committed.
// - settings: a switch per step (1 on, the default; 0 off), so a shop can turn a kind of mail off;
// - mail_queue: the order and step a mail tells of, unique together, so a step's mail is queued once whatever
//   retries it; its HTML part beside the plain text, and the shop's name to send it in.
const SWITCHES = ['mail_placed', 'mail_paid', 'mail_packed', 'mail_out_for_delivery', 'mail_delivered', 'mail_cancelled', 'mail_refunded'];

export async function up(db: Kysely<unknown>): Promise<void> {
    for (const column of SWITCHES) await db.schema.alterTable('settings').addColumn(column, 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('mail_queue').addColumn('order_id', 'integer').execute();
    await db.schema.alterTable('mail_queue').addColumn('kind', 'varchar(20)').execute();
    await db.schema.alterTable('mail_queue').addColumn('html', 'text').execute();
    await db.schema.alterTable('mail_queue').addColumn('from_name', 'varchar(200)').execute();
    // Other mails have neither (NULL): both databases let a unique index hold any number of NULLs.
    await db.schema.createIndex('mail_queue_order_step_unique').unique().on('mail_queue').columns(['order_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('mail_queue_order_step_unique').execute();
    for (const column of ['from_name', 'html', 'kind', 'order_id']) await db.schema.alterTable('mail_queue').dropColumn(column).execute();
    for (const column of SWITCHES) await db.schema.alterTable('settings').dropColumn(column).execute();
}
