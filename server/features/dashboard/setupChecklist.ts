import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { setupMissing, SETUP_ITEMS, type SetupRow } from '../invoices/shopSetup';

/** The pincodes the checklist names at most; the count says how many there are in all. */
const NAMED = 50;

export const setupChecklistRecord = {
    type: 'object',
    properties: {
        missing: {
            type: 'array',
            items: { type: 'string', enum: [...SETUP_ITEMS] },
            description: 'What the shop still has to set (Settings) before its documents can be tax invoices: legal name, address, state, GSTIN (or "not registered under GST")',
        },
        pincodesWithoutState: { type: 'array', items: { type: 'string' }, description: `Active pincodes with no state, which take no orders (the first ${NAMED})` },
        pincodesWithoutStateCount: { type: 'integer' },
    },
} as const;

/** What the shop must still set up to sell with the right GST documents: the settings' gaps and the pincodes without a state. */
export async function setupChecklist(db: Kysely<Database>) {
    const { rows } = await sql<SetupRow>`select * from settings where status = 1 order by id desc limit 1`.execute(db);
    const stateless = db.selectFrom('pincodes').where('state', 'is', null).where('status', '=', 1);
    const [named, counted] = await Promise.all([
        stateless.select('pincode').orderBy('pincode').limit(NAMED).execute(),
        stateless.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return {
        missing: setupMissing(rows[0]),
        pincodesWithoutState: named.map((row) => row.pincode),
        pincodesWithoutStateCount: Number(counted.count),
    };
}
