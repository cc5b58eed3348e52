import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Tokens and one-time codes are stored only as this digest, so a leaked table grants nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A keyed digest for secrets too small to survive a guess-every-value attack (six-digit codes):
 * without the server's key, a leaked table cannot be searched.
 */
export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

/**
 * The server's own key: APP_SECRET when set, else a random one generated once and kept in
 * DATA_DIR/secret.key (readable by the server's user only).
 */
export function serverSecret(dataDir: string, fromEnv?: string): string {
    if (fromEnv) return fromEnv;
    const file = path.join(dataDir, 'secret.key');
    try {
        return fs.readFileSync(file, 'utf8').trim();
    } catch {
        fs.mkdirSync(dataDir, { recursive: true });
        // Written whole under another name, then linked into place: nobody reads a half-written key.
        const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        fs.writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
        try {
            fs.linkSync(draft, file);
        } catch (error) {
            // Another process made it first: use theirs.
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        } finally {
            fs.rmSync(draft, { force: true });
        }
        return fs.readFileSync(file, 'utf8').trim();
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
