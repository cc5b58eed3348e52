import { lastMessageTo, SIGN_IN_CODE, sinksByUrl } from './smtpSink';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { copyPgTemplate, copySqliteTemplate, dropSchemaAt, TEMPLATE_SCHEMA } from './templateDatabase';
import { nowIso } from '../../server/infra/time';
import { ROLE } from '../../schema/access';

/** A 1×1 PNG: real image bytes for uploads. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export const databaseUrl = process.env.TEST_DATABASE_URL;

export interface TestApp {
    app: FastifyInstance;
    config: Config;
}

const cleanups: Array<() => Promise<void>> = [];
/** Closes the apps a test made and removes their data, newest first; every test file's set-up runs it after each test. */
export async function cleanUp(): Promise<void> {
    while (cleanups.length) await cleanups.pop()!();
}

/**
 * A real app on a fresh database: SQLite in a temporary data dir, or, when TEST_DATABASE_URL is set,
 * a PostgreSQL schema of its own that is dropped afterwards.
 */
export async function makeApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
    const place = await freshDatabase(dataDir, overrides);
    // LIST_CACHE=off runs the suite on the plain list reader, without the cache layer: the answers must be the same.
    const config = loadConfig(
        { DATA_DIR: dataDir, SEED_DEMO: 'false', LIST_CACHE: process.env.LIST_CACHE },
        { ...place.config, appDir: path.join(dataDir, 'no-app'), authRateLimit: 1000, ...overrides },
    );
    const app = await buildApp(config, process.env.TEST_LOG ? { level: "error" } : false, options);
    appsByDataDir.set(dataDir, app);
    cleanups.push(async () => {
        appsByDataDir.delete(dataDir);
        await app.close();
        await place.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return { app, config };
}

/**
 * The database a test app starts on: a copy of the migrated template (SQLite in its data dir, or a PostgreSQL
 * database of its own when TEST_DATABASE_URL is set). A test that names its own data dir or database (a second
 * instance on the first one's) gets what it names, migrated as a real start would.
 */
async function freshDatabase(dataDir: string, overrides: Partial<Config>): Promise<{ config: Partial<Config>; drop: () => Promise<void> }> {
    const chosen = 'dataDir' in overrides || 'databaseUrl' in overrides || 'databaseSchema' in overrides;
    if (chosen) {
        const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
        return { config: { databaseUrl, databaseSchema: schema }, drop: async () => {
            if (schema) await dropSchemaAt(databaseUrl!, schema);
        } };
    }
    if (!databaseUrl) {
        copySqliteTemplate(dataDir);
        return { config: { databaseUrl: undefined }, drop: async () => {} };
    }
    const copy = await copyPgTemplate(databaseUrl, inject('testRun'));
    return { config: { databaseUrl: copy.databaseUrl, databaseSchema: TEMPLATE_SCHEMA }, drop: copy.drop };
}

export async function createUser(app: FastifyInstance, email: string, roleId: number = ROLE.admin, name = 'Test User') {
    const now = nowIso();
    return app.db.insertInto('users').values({ name, email, roleId, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
}

const appsByDataDir = new Map<string, FastifyInstance>();

/** The code in the newest sign-in mail to this address in the outbox (or the app's SMTP sink), once the mail queue has sent what is due. */
export async function lastCode(config: Config, email: string): Promise<string> {
    await appsByDataDir.get(config.dataDir)?.mailer.flush();
    // The newest mail with a code, not the newest mail: an order's mails may be sent after the code.
    const sink = config.smtpUrl ? sinksByUrl.get(config.smtpUrl) : undefined;
    if (sink) {
        const message = lastMessageTo(sink, email, SIGN_IN_CODE);
        if (!message) throw new Error(`No sign-in code mailed to ${email}`);
        return SIGN_IN_CODE.exec(message)![1];
    }
    const outbox = path.join(config.dataDir, 'outbox');
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort() : [];
    const texts = files.map((file) => (JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { text: string }).text);
    const code = texts.findLast((text) => SIGN_IN_CODE.test(text));
    if (!code) throw new Error(`No sign-in code mailed to ${email}`);
    return SIGN_IN_CODE.exec(code)![1];
}

/** Signs in through the real e-mail code flow and answers the bearer header. */
export async function signIn({ app, config }: TestApp, email = 'admin@shop.test', roleId: number = ROLE.admin) {
    const exists = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!exists) await createUser(app, email, roleId);
    const sent = await app.inject({ method: 'POST', url: '/api/user_login', payload: { email } });
    if (sent.statusCode !== 200) throw new Error(`user_login: ${sent.body}`);
    const verified = await app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp: await lastCode(config, email) } });
    if (verified.statusCode !== 200) throw new Error(`userverify-otp: ${verified.body}`);
    return { authorization: `Bearer ${verified.json().token}` };
}

/** A multipart body; an array is a repeated field. */
export function form(fields: Record<string, string | Buffer | Array<string | Buffer> | undefined>): FormData {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) {
            if (typeof item === 'string') data.append(key, item);
            else data.append(key, new Blob([new Uint8Array(item)]), `${key}.bin`);
        }
    }
    return data;
}

/** Overrides that start another instance on the same database as `config`'s (its SQLite file, or its PostgreSQL schema). */
export const sameDatabase = (config: Config): Partial<Config> =>
    databaseUrl ? { databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema } : { dataDir: config.dataDir };
