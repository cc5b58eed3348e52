import type { FastifyInstance } from 'fastify';
import { checkProblem } from '../../../schema/checks';
import type { Field } from '../../../schema/types';
import { changesOf, recordAudit } from '../../engine/audit';
import { badRequest, notFound } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { USER_COLUMNS, type UserRow } from './userRecord';

/** The customer's GSTIN is checked as every GSTIN field is: its shape and its check character (schema/checks.ts). */
const GSTIN_FIELD: Field = { type: 'text', check: 'gstin' };

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());

/**
 * An administrator sets (or clears, with blanks) a customer's GSTIN and business name, as the customer may on their
 * profile: orders invoiced after it get a B2B tax invoice naming both. A GSTIN without a business name is kept (the
 * invoice then names the person); a business name alone is kept too. One audit line says what changed.
 */
export async function setBusinessDetails(
    app: FastifyInstance,
    actor: { id: number; email: string },
    id: number,
    body: { gstin?: string | null; businessName?: string | null },
    ip: string,
): Promise<UserRow> {
    const gstin = blankToNull(body.gstin)?.toUpperCase() ?? null;
    const wrong = checkProblem('gstin', GSTIN_FIELD, { gstin });
    if (wrong) throw badRequest(wrong, { gstin: wrong });
    const businessName = blankToNull(body.businessName);
    return app.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
        if (!before) throw notFound('User not found');
        const change = { ...(body.gstin !== undefined ? { gstin } : {}), ...(body.businessName !== undefined ? { businessName } : {}) };
        const after = await trx
            .updateTable('users')
            .set({ ...change, updatedAt: nowIso() })
            .where('id', '=', id)
            .returning(USER_COLUMNS)
            .executeTakeFirstOrThrow();
        await recordAudit(trx, { userId: actor.id, email: actor.email, ip }, {
            action: 'update',
            entity: 'users',
            record: id,
            changes: changesOf({ gstin: before.gstin, businessName: before.businessName }, { gstin: after.gstin, businessName: after.businessName }),
        });
        return after;
    });
}
