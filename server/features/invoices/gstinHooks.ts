import { gstinProblem } from '../../../schema/gstin';
import type { EntityHooks } from '../../engine/hooks';
import type { Row, Values } from '../../engine/rows';
import { badRequest } from '../../infra/errors';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What the settings' pattern cannot say about a GSTIN: its check character (the GST Network's mod-36 sum of the
 * other 14) and that it names the shop's state. Either, as written or as kept, is checked when either changes.
 */
function checkGstin(values: Values, existing?: Row) {
    if (values.gstin === undefined && values.state === undefined) return;
    const gstin = text(values.gstin !== undefined ? values.gstin : existing?.gstin);
    const state = text(values.state !== undefined ? values.state : existing?.state) || null;
    const problem = gstinProblem(gstin, state);
    if (problem) throw badRequest(problem, { gstin: problem });
}

export const gstinHooks: EntityHooks = {
    beforeCreate: async (values) => checkGstin(values),
    beforeUpdate: async (values, existing) => checkGstin(values, existing),
};
