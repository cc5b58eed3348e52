import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { nowIso } from './time';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Tokens and one-time codes are stored only as this digest, so a leaked table grants nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A keyed digest for secrets too small to survive a guess-every-value attack (six-digit codes):
 * without the server's key, a leaked table cannot be searched.
 */
export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

/**
 * The server's own key: APP_SECRET when set, else a random one kept in the database, made once by the first
 * instance that needs it, so every instance on the database agrees. A shop that kept its key in
 * DATA_DIR/secret.key (before several instances could share a database) carries that one in, so codes
 * already mailed stay good. Kept beside the digests it keys, it no longer guards them against a stolen
 * database: APP_SECRET, kept elsewhere, does.
 */
export async function serverSecret(db: Kysely<Database>, dataDir: string, fromEnv?: string): Promise<string> {
    if (fromEnv) return fromEnv;
    const kept = () => db.selectFrom('appSecrets').select('value').where('name', '=', 'server').executeTakeFirst();
    const found = await kept();
    if (found) return found.value;
    const value = keyFile(dataDir) ?? randomBytes(32).toString('base64url');
    // Two instances at once: the first row stays, and both read it back.
    await db
        .insertInto('appSecrets')
        .values({ name: 'server', value, createdAt: nowIso() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    return (await kept())!.value;
}

/** The key a shop kept in DATA_DIR/secret.key before it moved into the database, if any. */
function keyFile(dataDir: string): string | undefined {
    try {
        return fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim() || undefined;
    } catch {
        return undefined;
    }
}

export const newToken = () => randomBytes(32).toString('base64url');

export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export async function hashPassword(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, 64);
    return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
    const [scheme, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length);
    return timingSafeEqual(actual, expected);
}

export function sameDigest(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
}
