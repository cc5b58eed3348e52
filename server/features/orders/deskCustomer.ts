import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { badRequest, conflict } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { ROLE } from '../../../schema/access';
import { normalPhone, type NewCustomer } from '../../../schema/deskCustomer';

export type DeskCustomer = {
    id: number;
    name: string;
    email: string | null;
    contactNo: string | null;
    address: string | null;
    pincode: string | null;
};

const COLUMNS = ['id', 'name', 'email', 'contactNo', 'address', 'pincode'] as const;

/** A user's phone without the spaces and dashes people type, so "98765 43210" is found as 9876543210. */
const phoneDigits = (eb: ExpressionBuilder<Database, 'users'>) => eb.fn<string>('replace', [eb.fn<string>('replace', ['contactNo', eb.val(' '), eb.val('')]), eb.val('-'), eb.val('')]);

/** Customers whose name, e-mail or phone holds `q` (case-insensitive), best first: an exact phone or e-mail, then names. */
export async function searchCustomers(db: Kysely<Database>, q: string, limit = 10): Promise<DeskCustomer[]> {
    const text = q.trim().toLowerCase();
    if (!text) return [];
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = text.replace(/\D/g, '');
    const rows = await db
        .selectFrom('users')
        .select(COLUMNS)
        .where('roleId', '=', ROLE.customer)
        .where('status', '=', 1)
        .where((eb) =>
            eb.or([
                eb(eb.fn('lower', ['name']), 'like', like),
                eb(eb.fn('lower', ['email']), 'like', like),
                ...(digits.length >= 3 ? [eb(phoneDigits(eb), 'like', `%${digits}%`)] : []),
            ]),
        )
        .orderBy('name')
        .limit(limit)
        .execute();
    const exact = (row: DeskCustomer) => row.email?.toLowerCase() === text || (digits.length >= 10 && row.contactNo?.replace(/\D/g, '').endsWith(digits.slice(-10)));
    return [...rows.filter(exact), ...rows.filter((row) => !exact(row))];
}

type Found = { id: number; roleId: number; status: number; email: string | null; contactNo: string | null; address: string | null; pincode: string | null };
const FOUND = ['id', 'roleId', 'status', 'email', 'contactNo', 'address', 'pincode'] as const;

/**
 * The customer a staff order is for. With an e-mail: the account holding it. Else by phone: the customer with that
 * phone (the oldest, should a household share one). Missing details (phone, address, pincode, an e-mail for a
 * phone-only customer) are filled in from what staff took down. Nobody found: a new customer without a password (with
 * an e-mail they can sign in with a code later; without one they cannot sign in). A staff member is refused: a shop's
 * own people do not order through the desk as customers.
 */
export async function findOrCreateCustomer(db: Kysely<Database>, input: NewCustomer): Promise<number> {
    const email = input.email?.trim().toLowerCase() || null;
    const phone = normalPhone(input.phone);
    if (!email && !phone) throw badRequest('Please enter the customer’s phone or e-mail', { phone: 'Required' });
    const existing = (email && (await byEmail(db, email))) || (phone && (await byPhone(db, phone, !email))) || null;
    if (existing) return fillIn(db, existing, { email, phone, address: input.address?.trim() || null, pincode: input.pincode?.trim() || null });
    const name = input.name.trim();
    if (!name) throw badRequest('Please enter the customer’s name', { name: 'Required' });
    const at = nowIso();
    // Two desks adding the same new customer at once: the e-mail's unique index (or, without one, the phone-only
    // customers' unique phone) lets one in, and the other finds it.
    const made = await db
        .insertInto('users')
        .values({ name, email, contactNo: phone, address: input.address?.trim() || null, pincode: input.pincode?.trim() || null, roleId: ROLE.customer, passwordHash: null, createdAt: at, updatedAt: at })
        .onConflict((c) => c.doNothing())
        .returning('id')
        .executeTakeFirst();
    if (made) return made.id;
    return findOrCreateCustomer(db, input);
}

const byEmail = (db: Kysely<Database>, email: string) => db.selectFrom('users').select(FOUND).where('email', '=', email).executeTakeFirst();

/** A customer with this phone; when staff also gave an e-mail, only one without an e-mail (they are given it). */
const byPhone = (db: Kysely<Database>, phone: string, anyCustomer: boolean) =>
    db
        .selectFrom('users')
        .select(FOUND)
        .where('roleId', '=', ROLE.customer)
        .where((eb) => eb(phoneDigits(eb), '=', phone))
        .$if(!anyCustomer, (q) => q.where('email', 'is', null))
        .orderBy('id')
        .executeTakeFirst();

async function fillIn(db: Kysely<Database>, found: Found, taken: { email: string | null; phone: string | null; address: string | null; pincode: string | null }): Promise<number> {
    const field = found.email ? 'email' : 'phone';
    if (found.roleId !== ROLE.customer) throw conflict(`This ${field === 'email' ? 'e-mail' : 'phone'} belongs to a member of staff, not a customer`, { [field]: 'A member of staff' });
    if (found.status !== 1) throw conflict('This customer account is disabled', { [field]: 'Disabled account' });
    await db
        .updateTable('users')
        .set({ email: found.email ?? taken.email, contactNo: found.contactNo ?? taken.phone, address: found.address ?? taken.address, pincode: found.pincode ?? taken.pincode, updatedAt: nowIso() })
        .where('id', '=', found.id)
        .execute();
    return found.id;
}
