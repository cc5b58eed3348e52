import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { createUser, signIn, type TestApp } from './helpers';

export interface OutboxMail {
    to: string;
    subject: string;
    text: string;
}

/** Every mail to this address in the outbox, oldest first (a mail queue is flushed first when there is one). */
export async function mailsTo(app: FastifyInstance, config: Config, email: string): Promise<OutboxMail[]> {
    await (app.mailer as { flush?: () => Promise<void> }).flush?.();
    const outbox = path.join(config.dataDir, 'outbox');
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort() : [];
    return files.map((file) => {
        const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { subject: string; text: string };
        return { to: email, subject: mail.subject, text: mail.text };
    });
}

/** The token of the newest reset link mailed to this address. */
export async function resetToken(t: TestApp, email: string): Promise<string> {
    const mails = (await mailsTo(t.app, t.config, email)).filter((mail) => mail.text.includes('/ResetPassword?token='));
    if (!mails.length) throw new Error(`No reset mail to ${email}`);
    return mails.at(-1)!.text.match(/\/ResetPassword\?token=([\w-]+)/)![1];
}

/** A user with a role, signed in: their id and bearer header. */
export async function member(t: TestApp, email: string, roleId: number, name = 'Member') {
    const { id } = await createUser(t.app, email, roleId, name);
    return { id, headers: await signIn(t, email, roleId) };
}

export const customer = {
    name: 'Ravi Kumar',
    email: 'ravi@example.in',
    contact_no: '9876543210',
    address: '12 MG Road, Bengaluru',
    pincode: '560001',
    password: 'secret1',
};

/** Registers through the public route (which gives no session: sign in after it, with `signIn`). */
export async function register(app: FastifyInstance, body: Record<string, unknown> = customer): Promise<void> {
    const res = await app.inject({ method: 'POST', url: '/api/user_register', payload: body });
    if (res.statusCode !== 201) throw new Error(`user_register: ${res.body}`);
}

/** Another session for a user who signed in a moment ago: their last code is made old enough to ask for a new one. */
export async function signInAgain(t: TestApp, email: string) {
    await t.app.db.updateTable('loginCodes').set({ createdAt: '2000-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
    return signIn(t, email);
}
