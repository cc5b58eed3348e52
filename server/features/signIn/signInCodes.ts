import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../engine/audit';
import { HttpError } from '../../infra/errors';
import { hmac, newOtp, sameDigest } from '../../infra/secrets';
import { inMs, nowIso } from '../../infra/time';

const CODE_TTL_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
/** Tries each client has at one code. */
export const MAX_TRIES = 5;
/** Code mails to one address per window; past it the answer is the same, with no new code and no mail. */
export const MAX_CODE_MAILS = 5;
export const CODE_MAIL_WINDOW_MS = 15 * 60_000;
/** Consecutive wrong codes one client may send for one address, over all its codes (NIST SP 800-63B), before it must wait. */
export const MAX_ACCOUNT_FAILURES = 100;
/** The wait past the bound: a minute, doubling with each further wrong code, at most a day. */
export const lockoutMs = (failures: number) => Math.min(24 * 60 * 60_000, 60_000 * 2 ** Math.min(20, failures - MAX_ACCOUNT_FAILURES));
/** Namespaces these PostgreSQL advisory locks (pg_advisory_xact_lock(key1, key2)). */
const CODE_LOCK = 19;

type Db = Kysely<Database>;

/**
 * The e-mail sign-in codes: who may have a new one, and whose guess is compared.
 *
 * Wrong guesses count against the guesser (the client, see clientOf, with the address), not the address:
 * per address, anyone could use up the owner's tries and, past the bound, lock the owner out for a day.
 * Per guesser, a stranger spends only their own five tries at a code and locks only themselves out.
 *
 * Code mails are capped per address, and past the cap a live code stays the newest: requests the owner
 * never made cannot replace the code in the owner's mailbox, so the owner can always sign in with the
 * newest code they received. The cap also bounds the codes there are to guess at; what it does not bound
 * is the number of clients: a stranger with N addresses (an IPv6 client counts by its /64) still has
 * 5 × N tries at each code and N × MAX_ACCOUNT_FAILURES in all before their waits begin.
 */
export function signInCodes(app: FastifyInstance) {
    // Keyed: a million possible codes are no secret without the server's key.
    const secret = app.serverSecret;
    const digest = (address: string, code: string) => hmac(secret, `${address}:${code}`);

    /** The address's newest code (later codes replace earlier ones), with the tries this client has had at it. */
    const newestCode = (db: Db, address: string, client: string) =>
        db
            .selectFrom('loginCodes')
            .leftJoin('codeAttempts', (join) => join.onRef('codeAttempts.codeId', '=', 'loginCodes.id').on('codeAttempts.client', '=', client))
            .select(['loginCodes.id', 'loginCodes.codeHash', 'loginCodes.expiresAt', 'loginCodes.usedAt', 'loginCodes.createdAt', 'codeAttempts.attempts'])
            .where('loginCodes.email', '=', address)
            .orderBy('loginCodes.createdAt', 'desc')
            .orderBy('loginCodes.id', 'desc')
            .limit(1)
            .executeTakeFirst();

    const isLive = (code: { usedAt: string | null; expiresAt: string }) => !code.usedAt && code.expiresAt > nowIso();

    /** Codes made for the address in the mail window: each was mailed (or, for an unknown address, recorded as if). */
    async function codesMailed(db: Db, address: string) {
        const { count } = await db
            .selectFrom('loginCodes')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('email', '=', address)
            .where('createdAt', '>', inMs(-CODE_MAIL_WINDOW_MS))
            .executeTakeFirstOrThrow();
        return Number(count);
    }

    /**
     * A new code for the address, or null when none may go out (past the mail cap while the newest lives);
     * 429 while the newest, sent under a minute ago, is still this client's to try. Under a lock per
     * address (PostgreSQL's advisory lock; SQLite runs one transaction at a time), so two requests at once
     * cannot both pass the cap. The same statements run for every address, known or not.
     */
    function issue(address: string, client: string): Promise<string | null> {
        return app.db.transaction().execute(async (trx) => {
            if (app.dbKind === 'postgres') await sql`select pg_advisory_xact_lock(${CODE_LOCK}, hashtext(${address}))`.execute(trx);
            const last = await newestCode(trx, address, client);
            const live = last !== undefined && isLive(last);
            // Whoever asks, this answer points to a code in the owner's mailbox: that one, not a new one.
            if (live && (last.attempts ?? 0) < MAX_TRIES && Date.parse(last.createdAt) > Date.now() - RESEND_AFTER_MS) {
                throw new HttpError(429, 'A code was sent less than a minute ago. Please wait before asking again.');
            }
            // Once the newest is used or expired a new one may go out past the cap: the owner is never stuck.
            if (live && (await codesMailed(trx, address)) >= MAX_CODE_MAILS) return null;
            const code = newOtp();
            await trx
                .insertInto('loginCodes')
                .values({ email: address, codeHash: digest(address, code), attempts: 0, expiresAt: inMs(CODE_TTL_MS), createdAt: nowIso() })
                .execute();
            return code;
        });
    }

    /** Refuses a client still waiting after too many wrong codes for the address; other clients are not held. */
    async function refuseIfHeld(address: string, client: string) {
        const held = await app.db
            .selectFrom('signInFailures')
            .select('lockedUntil')
            .where('email', '=', address)
            .where('client', '=', client)
            .executeTakeFirst();
        if (!held?.lockedUntil || held.lockedUntil <= nowIso()) return;
        const minutes = Math.max(1, Math.ceil((Date.parse(held.lockedUntil) - Date.now()) / 60_000));
        throw new HttpError(429, `Too many wrong codes for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }

    /**
     * Takes one of this client's five tries at the code before it is compared, in one statement: however
     * many guesses one client sends at once, at most five are compared. Answers false when none is left.
     */
    async function takeTry(codeId: number, client: string) {
        const slot = await app.db
            .insertInto('codeAttempts')
            .values({ codeId, client, attempts: 1 })
            .onConflict((oc) =>
                oc
                    .columns(['codeId', 'client'])
                    .doUpdateSet((eb) => ({ attempts: eb('codeAttempts.attempts', '+', 1) }))
                    .where('codeAttempts.attempts', '<', MAX_TRIES),
            )
            .returning('attempts')
            .executeTakeFirst();
        if (!slot) return false;
        // The code's own count stays the sum over every client: a record of how hard it was guessed at, no limit.
        await app.db.updateTable('loginCodes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', codeId).execute();
        return true;
    }

    /** Counts a wrong code against this client for the address, in one statement, and starts a wait past the bound. */
    async function countFailure(address: string, client: string, ip: string) {
        const now = nowIso();
        const { failures } = await app.db
            .insertInto('signInFailures')
            .values({ email: address, client, failures: 1, lockedUntil: null, updatedAt: now })
            .onConflict((oc) => oc.columns(['email', 'client']).doUpdateSet((eb) => ({ failures: eb('signInFailures.failures', '+', 1), updatedAt: now })))
            .returning('failures')
            .executeTakeFirstOrThrow();
        if (failures >= MAX_ACCOUNT_FAILURES) {
            await app.db
                .updateTable('signInFailures')
                .set({ lockedUntil: inMs(lockoutMs(failures)) })
                .where('email', '=', address)
                .where('client', '=', client)
                .execute();
        }
        // A burst is a whole code's worth of wrong guesses: the activity log shows it, not every miss.
        if (failures % MAX_TRIES === 0) {
            const user = await app.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
            await recordAudit(app.db, { email: address, ip }, { action: 'code-burst', entity: 'users', entityId: user?.id, changes: { failures: { after: failures } } });
        }
    }

    /**
     * Checks a code from this client and, when it is the address's newest, live and right, uses it up
     * (once only, whoever else sends it at the same moment). 429 while the client is held back; false
     * for anything else (a wrong guess counts against the client).
     */
    async function use(address: string, client: string, ip: string, otp: string): Promise<boolean> {
        await refuseIfHeld(address, client);
        const code = await newestCode(app.db, address, client);
        if (!code || !isLive(code) || !(await takeTry(code.id, client))) return false;
        if (!sameDigest(code.codeHash, digest(address, otp))) {
            await countFailure(address, client, ip);
            return false;
        }
        const now = nowIso();
        const claimed = await app.db
            .updateTable('loginCodes')
            .set({ usedAt: now })
            .where('id', '=', code.id)
            .where('usedAt', 'is', null)
            .where('expiresAt', '>', now)
            .executeTakeFirst();
        return Number(claimed.numUpdatedRows) === 1;
    }

    /** A right code from the client starts its count for the address again; other clients' counts stay. */
    async function forgive(address: string, client: string) {
        await app.db.deleteFrom('signInFailures').where('email', '=', address).where('client', '=', client).execute();
    }

    return { issue, use, forgive };
}
