import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { leasedQueue, retryDelayMs } from './leasedQueue';
import { nowIso } from './time';

export interface QueuedMail {
    id: number;
    toAddress: string;
    subject: string;
    body: string;
    attempts: number;
    html?: string | null;
    fromName?: string | null;
    /** The order and step a customer's mail tells of: what may be attached to it is the order's. */
    orderId?: number | null;
    kind?: string | null;
}

/** A file sent with a queued mail, made when the mail goes out (an order's tax invoice). */
export interface Attachment {
    filename: string;
    content: Buffer;
    contentType: string;
}

/** What a feature attaches to a queued mail of its own, from the mail's order and step; nothing by default. */
export type Attacher = (mail: QueuedMail) => Promise<Attachment[]>;

/**
 * A worker's claim on a row lasts this long, and is renewed while it sends; a killed worker's claim lapses
 * and another instance takes the mail over.
 */
export const LEASE_MS = 3 * 60_000;
/** After this many refusals a mail is given up (about a day of growing waits, capped at an hour). */
export const MAX_MAIL_ATTEMPTS = 30;

/** What is kept of a subject once the mail is gone: no codes or other digit runs. */
const redact = (subject: string) => subject.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));

export { retryDelayMs };

const COLUMNS = ['id', 'toAddress', 'subject', 'body', 'attempts', 'html', 'fromName', 'orderId', 'kind'] as const;

/** The database side of the mail queue: enqueue, claim one due row at a time, settle it. */
export function mailQueue(db: Kysely<Database>, leaseMs = LEASE_MS) {
    const leased = leasedQueue<QueuedMail>(
        db as unknown as Kysely<unknown>,
        // Mails of no kind (sign-in codes, staff notices) before the customers' order mails, which a busy hour queues by the hundred.
        { table: 'mailQueue', settled: 'sentAt', maxAttempts: MAX_MAIL_ATTEMPTS, leaseMs, firstWhenEmpty: 'kind' },
        COLUMNS,
    );
    return {
        async enqueue(mail: { to: string; subject: string; text: string }, deliver = true): Promise<void> {
            const now = nowIso();
            await db
                .insertInto('mailQueue')
                // A mail not to deliver is recorded as settled at once, so both paths do the same work.
                .values({ toAddress: mail.to, subject: deliver ? mail.subject : redact(mail.subject), body: deliver ? mail.text : '', nextAttemptAt: now, sentAt: deliver ? null : now, createdAt: now })
                .execute();
        },

        /** Takes the oldest due mail with a lease (a sign-in code before order mails), so two workers (or two instances) never send the same mail twice (leasedQueue). */
        claim: (): Promise<QueuedMail | undefined> => leased.claim(),

        /** Marks a mail sent and forgets its text, so no code outlives its delivery here. */
        async sent(mail: QueuedMail): Promise<void> {
            await db
                .updateTable('mailQueue')
                .set({ sentAt: nowIso(), lockedUntil: null, subject: redact(mail.subject), body: '', html: null, lastError: null })
                .where('id', '=', mail.id)
                .where('sentAt', 'is', null)
                .execute();
        },

        /** Extends the claim while the mail is being sent, so a slow mail server does not let another instance send it too. */
        renew: (mail: QueuedMail): Promise<void> => leased.renew(mail),

        failed: (mail: QueuedMail, error: unknown): Promise<void> => leased.retryLater(mail, error),

        /** Whether any mail is due now (not waiting for a retry). */
        hasDue: (): Promise<boolean> => leased.hasDue(),

        /** Sent mail is kept a week (its text is cleared on sending), then removed. */
        async prune(olderThanMs = 7 * 24 * 60 * 60_000): Promise<void> {
            await db.deleteFrom('mailQueue').where('sentAt', '<', new Date(Date.now() - olderThanMs).toISOString()).execute();
        },
    };
}

export type MailQueue = ReturnType<typeof mailQueue>;
