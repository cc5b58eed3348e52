import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
    to: string;
    subject: string;
    text: string;
}

export interface Mailer {
    send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
    interface FastifyInstance {
        mailer: Mailer;
    }
}

/**
 * With SMTP_URL, mail goes out over SMTP. Without it, each mail is logged and written to
 * DATA_DIR/outbox as JSON, so a newcomer can sign in with no mail server at all.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const outbox = path.join(config.dataDir, 'outbox');
        const transport = config.smtpUrl
            ? nodemailer.createTransport(config.smtpUrl)
            : nodemailer.createTransport({ jsonTransport: true });

        app.decorate('mailer', {
            async send(mail: Mail) {
                const info = await transport.sendMail({ from: config.mailFrom, ...mail });
                if (config.smtpUrl) return;
                await fs.mkdir(outbox, { recursive: true });
                const file = path.join(outbox, `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.json`);
                await fs.writeFile(file, String((info as { message?: unknown }).message));
                app.log.info({ file }, `Mail to ${mail.to} (not sent: no SMTP_URL): ${mail.subject}`);
            },
        });
    },
    { name: 'mailer' },
);
