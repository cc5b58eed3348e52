import { sql, type Kysely } from 'kysely';
import { createColumnVersions, dropColumnVersions } from '../listIndexes';

// The right GST on every invoice. The settings' columns were written by `npm run db:migration` from the schemas; the
// rest by hand. Frozen once committed (the PIN circles below are copied as they were on 2026-11-29, not imported).
// - settings: "not registered under GST" (bills of supply) and the rule that taxes the delivery charge;
// - users: a business customer's GSTIN and business name, for B2B tax invoices;
// - orders.invoice_buyer: the buyer as the invoice names them (JSON: name, business name, GSTIN), kept when it is made;
// - pincodes.state filled where the PIN's India Post circle is one state; the others stay empty, and the dashboard's
//   set-up checklist lists them for staff to choose;
// - products given a CGST or SGST row (half of a rate) move to the IGST row of the whole rate, made when missing,
//   so their tax stays what their rate says.
const BY_TWO: Record<string, string> = {
    '11': 'Delhi', '12': 'Haryana', '13': 'Haryana', '14': 'Punjab', '15': 'Punjab', '16': 'Punjab', '17': 'Himachal Pradesh',
    '18': 'Jammu and Kashmir', '19': 'Jammu and Kashmir', '20': 'Uttar Pradesh', '21': 'Uttar Pradesh', '22': 'Uttar Pradesh',
    '23': 'Uttar Pradesh', '25': 'Uttar Pradesh', '27': 'Uttar Pradesh', '28': 'Uttar Pradesh', '30': 'Rajasthan', '31': 'Rajasthan',
    '32': 'Rajasthan', '33': 'Rajasthan', '34': 'Rajasthan', '36': 'Gujarat', '37': 'Gujarat', '38': 'Gujarat', '39': 'Gujarat',
    '40': 'Maharashtra', '41': 'Maharashtra', '42': 'Maharashtra', '43': 'Maharashtra', '44': 'Maharashtra', '45': 'Madhya Pradesh',
    '46': 'Madhya Pradesh', '47': 'Madhya Pradesh', '48': 'Madhya Pradesh', '49': 'Chhattisgarh', '50': 'Telangana',
    '51': 'Andhra Pradesh', '52': 'Andhra Pradesh', '53': 'Andhra Pradesh', '56': 'Karnataka', '57': 'Karnataka', '58': 'Karnataka',
    '59': 'Karnataka', '60': 'Tamil Nadu', '61': 'Tamil Nadu', '62': 'Tamil Nadu', '63': 'Tamil Nadu', '64': 'Tamil Nadu',
    '67': 'Kerala', '68': 'Kerala', '69': 'Kerala', '70': 'West Bengal', '71': 'West Bengal', '72': 'West Bengal', '73': 'West Bengal',
    '74': 'West Bengal', '75': 'Odisha', '76': 'Odisha', '77': 'Odisha', '80': 'Bihar', '82': 'Jharkhand', '83': 'Jharkhand',
    '84': 'Bihar', '85': 'Bihar',
};
const BY_THREE: Record<string, string> = { '248': 'Uttarakhand', '249': 'Uttarakhand', '263': 'Uttarakhand', '403': 'Goa', '737': 'Sikkim', '744': 'Andaman and Nicobar Islands' };
const SHARED = ['160', '194', '24', '26', '362', '396', '533', '605', '607', '609', '673', '682', '78', '79', '81', '9'];

function stateOfPin(pin: string): string | undefined {
    if (BY_THREE[pin.slice(0, 3)]) return BY_THREE[pin.slice(0, 3)];
    if (SHARED.some((prefix) => pin.startsWith(prefix))) return undefined;
    return BY_TWO[pin.slice(0, 2)];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fillPincodeStates(db: Kysely<any>) {
    const pincodes: { id: number; pincode: string }[] = await db.selectFrom('pincodes').select(['id', 'pincode']).where('state', 'is', null).execute();
    for (const { id, pincode } of pincodes) {
        const state = stateOfPin(pincode);
        if (state) await db.updateTable('pincodes').set({ state }).where('id', '=', id).execute();
    }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function wholeRates(db: Kysely<any>) {
    const halves: { id: number; percent: number }[] = await db
        .selectFrom('gst_rates')
        .select(['id', 'percent'])
        .where('type', 'in', ['CGST', 'SGST'])
        .where((eb) => eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.gst_id', '=', 'gst_rates.id')))
        .execute();
    for (const half of halves) {
        const percent = Number(half.percent) * 2;
        let whole = await db.selectFrom('gst_rates').select('id').where('type', '=', 'IGST').where('percent', '=', percent).orderBy('status', 'desc').orderBy('id').executeTakeFirst();
        if (!whole) {
            const now = new Date().toISOString();
            const description = `GST ${percent / 100}% (made from a CGST/SGST half-rate row)`;
            whole = await db.insertInto('gst_rates').values({ type: 'IGST', description, percent, status: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
        }
        await db.updateTable('products').set({ gst_id: whole!.id }).where('gst_id', '=', half.id).execute();
    }
}

export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settings').addColumn('gst_unregistered', 'integer', (c) => c.defaultTo(0)).execute();
    await db.schema.alterTable('settings').addColumn('delivery_gst', 'varchar(9)', (c) => c.check(sql`delivery_gst in ('principal', 'highest')`)).execute();
    await createColumnVersions(db, 'settings');
    await db.schema.alterTable('users').addColumn('gstin', 'varchar(15)').execute();
    await db.schema.alterTable('users').addColumn('business_name', 'varchar(200)').execute();
    await db.schema.alterTable('orders').addColumn('invoice_buyer', 'text').execute();
    await fillPincodeStates(db);
    await wholeRates(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').dropColumn('invoice_buyer').execute();
    await db.schema.alterTable('users').dropColumn('business_name').execute();
    await db.schema.alterTable('users').dropColumn('gstin').execute();
    await dropColumnVersions(db, 'settings');
    await db.schema.alterTable('settings').dropColumn('delivery_gst').execute();
    await db.schema.alterTable('settings').dropColumn('gst_unregistered').execute();
    await createColumnVersions(db, 'settings');
}
