import type { EntityHooks } from '../../engine/hooks';
import type { Row, Values } from '../../engine/rows';
import { badRequest, conflict } from '../../infra/errors';

const END_AFTER_START = 'The end time must be after the start time';

/** A slot ends after it starts, on the same day. */
function endsAfterStart(values: Values, existing?: Row): Values {
    const start = String(values.startTime ?? existing?.startTime ?? '');
    const end = String(values.endTime ?? existing?.endTime ?? '');
    if (start && end && end <= start) throw badRequest(END_AFTER_START, { endTime: END_AFTER_START });
    return values;
}

export const deliverySlotHooks: EntityHooks = {
    beforeCreate: async (values) => endsAfterStart(values),
    beforeUpdate: async (values, existing) => endsAfterStart(values, existing),
    // Orders name their slot: a slot that has had orders is deactivated, not deleted.
    beforeDelete: async (existing, { trx }) => {
        const used = await trx.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('slotId', '=', existing.id).executeTakeFirstOrThrow();
        const n = Number(used.n);
        if (n > 0) throw conflict(`This delivery slot is booked by ${n} order${n === 1 ? '' : 's'}; deactivate it instead`);
    },
};
