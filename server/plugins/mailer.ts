import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { mailQueue, type Attacher, type QueuedMail } from '../infra/mailQueue';
import { queueWorker } from '../infra/queueWorker';
import { sha256 } from '../infra/secrets';
import { tradingName } from '../infra/tradingName';

export interface Mail {
    to: string;
    subject: string;
    text: string;
}

export interface SendOptions {
    /**
     * false records the mail as settled without sending it: a caller that must answer the same
     * whether or not it mails (sign-in codes to unknown addresses) does the same work either way.
     */
    deliver?: boolean;
}

export interface Mailer {
    /** Puts the mail in the durable queue; it is sent moments later, and retried while the mail server refuses it. */
    send(mail: Mail, options?: SendOptions): Promise<void>;
    /** Sends every due mail now and waits for it (tests, shutdown). */
    flush(): Promise<void>;
    /** Looks at the queue soon: a feature queued mail in its own transaction, now committed. */
    wake(): void;
    /** Sets what is attached to queued mails when they go out (features/invoices attaches tax invoices). */
    attachWith(attacher: Attacher): void;
}

declare module 'fastify' {
    interface FastifyInstance {
        mailer: Mailer;
    }
}

/** The address of a sender written as `Name <address>` or as the bare address. */
const senderAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * One Message-ID per queued mail, the same on every try: a mail whose sender was killed after the mail server took it
 * but before the queue heard so is sent once more by the instance that takes its lapsed claim over, and this is how
 * the receiving side tells the two copies for one message (RFC 5322 §3.6.4). Made from the row and its address, so
 * it needs no column; the domain is the sender's.
 */
export const messageIdOf = (mail: Pick<QueuedMail, 'id' | 'toAddress'>, from: string) =>
    `<mail-${mail.id}.${sha256(`${mail.id}:${mail.toAddress}`).slice(0, 16)}@${senderAddress(from).split('@')[1] ?? 'localhost'}>`;

/** How often the queue is looked at for mail due again (a retry, or mail queued by another process). */
const POLL_MS = 15_000;

/**
 * Mail goes through a queue in the database: a request only adds a row, and a worker in this process
 * sends it at once and retries it with a growing wait while the mail server is away. With SMTP_URL,
 * mail goes out over SMTP. Without it, each mail is written to DATA_DIR/outbox as JSON and its subject
 * printed in the log, so a newcomer can sign in with no mail server at all.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const outbox = path.join(config.dataDir, 'outbox');
        const queue = mailQueue(app.db, config.mailLeaseMs);
        let attacher: Attacher = async () => [];
        const transport = config.smtpUrl
            ? nodemailer.createTransport(config.smtpUrl)
            : nodemailer.createTransport({ jsonTransport: true });

        async function deliver(mail: QueuedMail) {
            // One sender name for every mail, sign-in codes included: the shop's trading name (MAIL_FROM gives the address).
            const from = { name: mail.fromName ?? (await tradingName(app.db)), address: senderAddress(config.mailFrom) };
            const attachments = await attacher(mail);
            const messageId = messageIdOf(mail, config.mailFrom);
            const info = await transport.sendMail({ from, to: mail.toAddress, subject: mail.subject, text: mail.body, html: mail.html ?? undefined, attachments, messageId });
            if (config.smtpUrl) return;
            await fs.mkdir(outbox, { recursive: true });
            const file = path.join(outbox, `${Date.now()}-${mail.id}-${mail.toAddress.replace(/[^a-z0-9@._-]/gi, '_')}.json`);
            // Written aside, then renamed: whoever reads the outbox never sees half a mail.
            const partial = path.join(outbox, `.${mail.id}.partial`);
            await fs.writeFile(partial, String((info as { message?: unknown }).message));
            await fs.rename(partial, file);
            app.log.info({ file }, `Mail to ${mail.toAddress} (not sent: no SMTP_URL): ${mail.subject}`);
            // One plain line a newcomer spots among the log records.
            if (config.logLevel !== 'silent' && app.log.level !== 'silent') {
                process.stdout.write(`\n>>> Mail to ${mail.toAddress}: ${mail.subject}\n\n`);
            }
        }

        async function drain() {
            for (;;) {
                const mail = await queue.claim();
                if (!mail) return;
                // The claim is kept while the mail server takes its time; only a killed instance's claim lapses.
                const renewal = setInterval(() => void queue.renew(mail).catch(() => {}), config.mailLeaseMs / 3);
                try {
                    await deliver(mail);
                    await queue.sent(mail);
                } catch (error) {
                    app.log.warn({ err: error, mail: mail.id, attempts: mail.attempts }, 'Mail not sent; it will be retried');
                    await queue.failed(mail, error);
                } finally {
                    clearInterval(renewal);
                }
            }
        }

        const worker = queueWorker(app, 'Mail queue', POLL_MS, drain);

        app.decorate('mailer', {
            async send(mail: Mail, { deliver: send = true }: SendOptions = {}) {
                await queue.enqueue(mail, send);
                if (send) worker.wake();
            },
            wake: worker.wake,
            attachWith(next: Attacher) {
                attacher = next;
            },
            async flush() {
                await worker.idle();
                await worker.run();
            },
        });
    },
    { name: 'mailer', dependencies: ['db'] },
);
