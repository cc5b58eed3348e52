import type { ExpressionBuilder, Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { inMs, nowIso } from './time';

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

/** The wait before the next try: 30 s, 1 min, 2 min … at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** The database side of the mail queue: enqueue, claim one due row at a time, settle it. */
export function mailQueue(db: Kysely<Database>) {
    const postgres = isPostgres(db as unknown as Kysely<unknown>);
    /** A claim is the row's attempt count: a settle or renewal by a worker whose claim lapsed and was taken over changes nothing. */
    const stillClaimed = (mail: QueuedMail) => (w: ExpressionBuilder<Database, 'mailQueue'>) =>
        w.and([w('id', '=', mail.id), w('attempts', '=', mail.attempts), w('sentAt', 'is', null)]);
    return {
        async enqueue(mail: { to: string; subject: string; text: string }, deliver = true): Promise<void> {
            const now = nowIso();
            await db
                .insertInto('mailQueue')
                // A mail not to deliver is recorded as settled at once, so both paths do the same work.
                .values({ toAddress: mail.to, subject: deliver ? mail.subject : redact(mail.subject), body: deliver ? mail.text : '', nextAttemptAt: now, sentAt: deliver ? null : now, createdAt: now })
                .execute();
        },

        /**
         * Takes the oldest due row with a lease, in one statement, so two workers (or two instances)
         * never send the same mail twice; answers nothing when none is due. On PostgreSQL the row is locked
         * as it is chosen and rows another instance is claiming are skipped (FOR UPDATE SKIP LOCKED), so
         * five instances draining at once each take a different mail; SQLite runs one write at a time.
         */
        async claim(): Promise<QueuedMail | undefined> {
            const now = nowIso();
            return db
                .updateTable('mailQueue')
                .set((eb) => ({ attempts: eb('attempts', '+', 1), lockedUntil: inMs(LEASE_MS) }))
                .where('id', '=', (eb) =>
                    eb
                        .selectFrom('mailQueue')
                        .select('id')
                        .where('sentAt', 'is', null)
                        .where('nextAttemptAt', '<=', now)
                        .where('attempts', '<', MAX_MAIL_ATTEMPTS)
                        .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', now)]))
                        .orderBy('id')
                        .limit(1)
                        .$if(postgres, (q) => q.forUpdate().skipLocked()),
                )
                .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', now)]))
                .returning(['id', 'toAddress', 'subject', 'body', 'attempts', 'html', 'fromName', 'orderId', 'kind'])
                .executeTakeFirst();
        },

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
        async renew(mail: QueuedMail): Promise<void> {
            await db.updateTable('mailQueue').set({ lockedUntil: inMs(LEASE_MS) }).where(stillClaimed(mail)).execute();
        },

        async failed(mail: QueuedMail, error: unknown): Promise<void> {
            const message = error instanceof Error ? error.message : String(error);
            await db
                .updateTable('mailQueue')
                .set({ lockedUntil: null, nextAttemptAt: inMs(retryDelayMs(mail.attempts)), lastError: message.slice(0, 500) })
                .where(stillClaimed(mail))
                .execute();
        },

        /** Whether any mail is due now (not waiting for a retry). */
        async hasDue(): Promise<boolean> {
            const now = nowIso();
            const row = await db
                .selectFrom('mailQueue')
                .select('id')
                .where('sentAt', 'is', null)
                .where('nextAttemptAt', '<=', now)
                .where('attempts', '<', MAX_MAIL_ATTEMPTS)
                .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', now)]))
                .limit(1)
                .executeTakeFirst();
            return Boolean(row);
        },

        /** Sent mail is kept a week (its text is cleared on sending), then removed. */
        async prune(olderThanMs = 7 * 24 * 60 * 60_000): Promise<void> {
            await db.deleteFrom('mailQueue').where('sentAt', '<', new Date(Date.now() - olderThanMs).toISOString()).execute();
        },
    };
}

export type MailQueue = ReturnType<typeof mailQueue>;
