import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { HttpError } from '../../infra/errors';
import { hmac, newOtp, sameDigest } from '../../infra/secrets';
import { inMs, nowIso } from '../../infra/time';
import { deviceTokens } from './deviceTokens';
import { deviceBudget, MAX_TRIES, signInBudget, UNKNOWN_DEVICES } from './signInBudget';

export { DEVICE_FAILURES, lockoutMs, MAX_ACCOUNT_FAILURES, MAX_TRIES, UNKNOWN_DEVICE_FAILURES } from './signInBudget';

const CODE_TTL_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
/** Code mails to one address per window and device (unknown devices together); past it the answer is the same, with no new code and no mail. */
export const MAX_CODE_MAILS = 5;
export const CODE_MAIL_WINDOW_MS = 15 * 60_000;
/** Namespaces these PostgreSQL advisory locks (pg_advisory_xact_lock(key1, key2)). */
const CODE_LOCK = 19;

type Db = Kysely<Database>;
/** What a code check comes to: signed in, a wrong (or no live) code, or a code that has had its five tries. */
export type CodeCheck = 'right' | 'wrong' | 'spent';

/** The newest code (later codes replace earlier ones) the device, or unknown devices, asked for. */
const newestCode = (db: Db, address: string, device: string | null) =>
    db
        .selectFrom('loginCodes')
        .select(['id', 'codeHash', 'expiresAt', 'usedAt', 'createdAt', 'attempts'])
        .where('email', '=', address)
        .where((eb) => (device === null ? eb('device', 'is', null) : eb('device', '=', device)))
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();

const isLive = (code: { usedAt: string | null; expiresAt: string; attempts: number }) =>
    !code.usedAt && code.expiresAt > nowIso() && code.attempts < MAX_TRIES;

/** Codes made for the address and device in the mail window: each was mailed (or, for an unknown address, recorded as if). */
async function codesMailed(db: Db, address: string, device: string | null) {
    const { count } = await db
        .selectFrom('loginCodes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', address)
        .where((eb) => (device === null ? eb('device', 'is', null) : eb('device', '=', device)))
        .where('createdAt', '>', inMs(-CODE_MAIL_WINDOW_MS))
        .executeTakeFirstOrThrow();
    return Number(count);
}

/**
 * Takes one of the code's five tries before its guess is compared, in one statement (UPDATE … WHERE
 * attempts < 5 RETURNING): however many guesses arrive at once, from however many clients, at most
 * five are compared. False when none is left.
 */
async function takeTry(db: Db, codeId: number) {
    const taken = await db
        .updateTable('loginCodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', codeId)
        .where('attempts', '<', MAX_TRIES)
        .returning('attempts')
        .executeTakeFirst();
    return taken !== undefined;
}

/**
 * The e-mail sign-in codes: who may have a new one, and whose guess is compared.
 *
 * A code has five tries in all, from anywhere, each taken in one statement before its guess is compared,
 * so however many clients guess at once no code is compared more than five times. A code belongs to the
 * device it was asked from: a device token's id (a device that signed in before), or none (unknown
 * devices). A request is only compared against its own device's newest code, and its wrong guesses
 * count against its own device's budget (signInBudget): strangers share the unknown devices' budget, and
 * spending it holds back only unknown devices; the owner's signed-in devices keep asking for and using
 * codes of their own.
 *
 * Code mails are capped per address and device, and past the cap a live code stays the newest: requests
 * the owner never made cannot replace the code in the owner's mailbox.
 */
export function signInCodes(app: FastifyInstance) {
    // Keyed: a million possible codes are no secret without the server's key.
    const secret = app.serverSecret;
    const digest = (address: string, code: string) => hmac(secret, `${address}:${code}`);
    const tokens = deviceTokens(secret);
    const budget = signInBudget(app);
    const budgetOf = (device: string | null) => (device ? deviceBudget(device) : UNKNOWN_DEVICES);

    /**
     * The device a request comes from, for this address: its token's id, or null for an unknown device —
     * also when the token is bad, for another address, or its own budget is held back (OWASP: a locked-out
     * device token is treated as unknown).
     */
    async function deviceOf(address: string, token: unknown): Promise<string | null> {
        const device = tokens.read(address, token);
        if (device === null) return null;
        return (await budget.heldFor(address, deviceBudget(device))) > 0 ? null : device;
    }

    /**
     * A new code for the address and device, or null when none may go out (past the mail cap while the
     * newest lives); 429 while unknown devices are held back, or while the newest, sent under a minute ago,
     * still has tries. Under a lock per address (PostgreSQL's advisory lock; SQLite runs one transaction at
     * a time), so two requests at once cannot both pass the cap. The same statements run for every
     * address, known or not.
     */
    async function issue(address: string, device: string | null): Promise<string | null> {
        // Refused before the lock, so a flood that is held back does not queue the owner's device behind it…
        if (device === null) await budget.refuseIfHeld(address, UNKNOWN_DEVICES);
        return app.db.transaction().execute(async (trx) => {
            if (app.dbKind === 'postgres') await sql`select pg_advisory_xact_lock(${CODE_LOCK}, hashtext(${address}))`.execute(trx);
            // …and again under it, so requests queued behind it see a hold that began meanwhile.
            if (device === null) await budget.refuseIfHeld(address, UNKNOWN_DEVICES, trx);
            const last = await newestCode(trx, address, device);
            const live = last !== undefined && isLive(last);
            // Whoever asks, this answer points to a code in the owner's mailbox: that one, not a new one.
            if (live && Date.parse(last.createdAt) > Date.now() - RESEND_AFTER_MS) {
                throw new HttpError(429, 'A code was sent less than a minute ago. Please wait before asking again.');
            }
            // Once the newest is used, spent or expired a new one may go out past the cap: the owner is never
            // stuck (a stranger spending codes spends the unknown devices' budget, which then holds them back).
            if (live && (await codesMailed(trx, address, device)) >= MAX_CODE_MAILS) return null;
            const code = newOtp();
            await trx
                .insertInto('loginCodes')
                .values({ email: address, codeHash: digest(address, code), attempts: 0, device, expiresAt: inMs(CODE_TTL_MS), createdAt: nowIso() })
                .execute();
            return code;
        });
    }

    /**
     * Checks a code from the device (or an unknown one) against that device's newest code and, when it is
     * live and right, uses it up (once only, whoever else sends it at the same moment).
     */
    async function use(address: string, device: string | null, ip: string, otp: string): Promise<CodeCheck> {
        const code = await newestCode(app.db, address, device);
        if (!code || code.usedAt || code.expiresAt <= nowIso()) return 'wrong';
        if (!(await takeTry(app.db, code.id))) return 'spent';
        if (!sameDigest(code.codeHash, digest(address, otp))) {
            await budget.countFailure(address, budgetOf(device), ip);
            return 'wrong';
        }
        const now = nowIso();
        const claimed = await app.db
            .updateTable('loginCodes')
            .set({ usedAt: now })
            .where('id', '=', code.id)
            .where('usedAt', 'is', null)
            .where('expiresAt', '>', now)
            .executeTakeFirst();
        return Number(claimed.numUpdatedRows) === 1 ? 'right' : 'wrong';
    }

    /** After a right code: the device's budget starts again, and the browser gets a fresh device token. */
    async function signedIn(address: string, device: string | null): Promise<string> {
        await budget.forgive(address, budgetOf(device));
        return tokens.issue(address);
    }

    return { deviceOf, issue, use, signedIn };
}
