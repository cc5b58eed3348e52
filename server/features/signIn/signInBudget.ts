import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { recordAudit } from '../../engine/audit';
import { HttpError } from '../../infra/errors';
import { inMs, nowIso } from '../../infra/time';

/** Tries at one code from anywhere; the fifth wrong one spends it. */
export const MAX_TRIES = 5;
/** The budget every unknown device shares for an account. */
export const UNKNOWN_DEVICES = '*';
/** A device token's own budget for the account it was given for. */
export const deviceBudget = (device: string) => `device:${device}`;
/** Consecutive wrong codes from unknown devices (ten spent codes) before they wait for the account. */
export const UNKNOWN_DEVICE_FAILURES = 50;
/** Consecutive wrong codes from one device token (two spent codes) before it counts as unknown for a while. */
export const DEVICE_FAILURES = 10;
/**
 * NIST SP 800-63B's bound on an account's consecutive failures. The waits below double with every further
 * spent code, so unknown devices reach it only after some ten days of waiting (at the default first wait).
 */
export const MAX_ACCOUNT_FAILURES = 100;
const LONGEST_WAIT_MS = 30 * 24 * 60 * 60_000;

/** The wait once a budget is spent: the first wait, doubling with each further spent code, at most 30 days. */
export const lockoutMs = (failures: number, threshold: number, firstMs: number) =>
    Math.min(LONGEST_WAIT_MS, firstMs * 2 ** Math.min(20, Math.floor((failures - threshold) / MAX_TRIES)));

const thresholdOf = (budget: string) => (budget === UNKNOWN_DEVICES ? UNKNOWN_DEVICE_FAILURES : DEVICE_FAILURES);

/**
 * An account's sign-in budgets (OWASP's device cookies): every unknown device shares one, which a flood
 * of strangers spends and so holds back; each device token has its own, which the flood never touches.
 */
export function signInBudget(app: FastifyInstance) {
    const db = (): Kysely<Database> => app.db;

    /** Milliseconds the budget is still held back for, 0 when it is not (read in `trx` when given). */
    async function heldFor(address: string, budget: string, trx: Kysely<Database> = db()): Promise<number> {
        const row = await trx.selectFrom('signInFailures').select('lockedUntil').where('email', '=', address).where('client', '=', budget).executeTakeFirst();
        return row?.lockedUntil ? Math.max(0, Date.parse(row.lockedUntil) - Date.now()) : 0;
    }

    /** 429 while the budget is held back. */
    async function refuseIfHeld(address: string, budget: string, trx?: Kysely<Database>) {
        const ms = await heldFor(address, budget, trx);
        if (ms <= 0) return;
        const minutes = Math.max(1, Math.ceil(ms / 60_000));
        throw new HttpError(429, `Too many wrong codes for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }

    /** Counts a wrong code against the budget in one statement, and holds it back once it is spent. */
    async function countFailure(address: string, budget: string, ip: string) {
        const now = nowIso();
        const { failures } = await db()
            .insertInto('signInFailures')
            .values({ email: address, client: budget, failures: 1, lockedUntil: null, updatedAt: now })
            .onConflict((oc) => oc.columns(['email', 'client']).doUpdateSet((eb) => ({ failures: eb('signInFailures.failures', '+', 1), updatedAt: now })))
            .returning('failures')
            .executeTakeFirstOrThrow();
        const threshold = thresholdOf(budget);
        if (failures >= threshold) {
            const lockedUntil = inMs(lockoutMs(failures, threshold, app.config.authLockoutMs));
            await db().updateTable('signInFailures').set({ lockedUntil }).where('email', '=', address).where('client', '=', budget).execute();
        }
        // A burst is a whole code's worth of wrong guesses: the activity log shows it, not every miss.
        if (failures % MAX_TRIES === 0) {
            const user = await db().selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
            await recordAudit(db(), { email: address, ip }, { action: 'code-burst', entity: 'users', record: user?.id, changes: { failures: { after: failures } } });
        }
    }

    /** A right code starts the budget's count again; the other budgets keep theirs. */
    async function forgive(address: string, budget: string) {
        await db().deleteFrom('signInFailures').where('email', '=', address).where('client', '=', budget).execute();
    }

    return { heldFor, refuseIfHeld, countFailure, forgive };
}
