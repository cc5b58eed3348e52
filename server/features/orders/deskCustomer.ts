import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { badRequest, conflict } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { ROLE } from '../../../schema/access';

export interface NewCustomer {
    name: string;
    email: string;
    phone?: string;
    address?: string;
    pincode?: string;
}

export type DeskCustomer = {
    id: number;
    name: string;
    email: string;
    contactNo: string | null;
    address: string | null;
    pincode: string | null;
};

const COLUMNS = ['id', 'name', 'email', 'contactNo', 'address', 'pincode'] as const;

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
                ...(digits.length >= 3 ? [eb('contactNo', 'like', `%${digits}%`)] : []),
            ]),
        )
        .orderBy('name')
        .limit(limit)
        .execute();
    const exact = (row: DeskCustomer) => row.email.toLowerCase() === text || (digits.length >= 10 && row.contactNo?.endsWith(digits.slice(-10)));
    return [...rows.filter(exact), ...rows.filter((row) => !exact(row))];
}

/**
 * The customer a staff order is for: the one with this e-mail (their missing phone, address and pincode filled in
 * from what staff took down), or a new customer account without a password (they can sign in with a code later).
 * A staff member's e-mail is refused: a shop's own people do not order through the desk as customers.
 */
export async function findOrCreateCustomer(db: Kysely<Database>, input: NewCustomer): Promise<number> {
    const email = input.email.trim().toLowerCase();
    const phone = input.phone?.replace(/[\s-]/g, '') || null;
    const address = input.address?.trim() || null;
    const pincode = input.pincode?.trim() || null;
    const at = nowIso();
    const existing = await db.selectFrom('users').select(['id', 'roleId', 'status', 'contactNo', 'address', 'pincode']).where('email', '=', email).executeTakeFirst();
    if (existing) {
        if (existing.roleId !== ROLE.customer) throw conflict('This e-mail belongs to a member of staff, not a customer', { email: 'A staff e-mail' });
        if (existing.status !== 1) throw conflict('This customer account is disabled', { email: 'Disabled account' });
        await db
            .updateTable('users')
            .set({ contactNo: existing.contactNo ?? phone, address: existing.address ?? address, pincode: existing.pincode ?? pincode, updatedAt: at })
            .where('id', '=', existing.id)
            .execute();
        return existing.id;
    }
    const name = input.name.trim();
    if (!name) throw badRequest('Please enter the customer’s name', { name: 'Required' });
    // Two desks adding the same new customer at once: the e-mail's unique index lets one in, the other finds it.
    const made = await db
        .insertInto('users')
        .values({ name, email, contactNo: phone, address, pincode, roleId: ROLE.customer, passwordHash: null, createdAt: at, updatedAt: at })
        .onConflict((c) => c.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
    if (made) return made.id;
    return findOrCreateCustomer(db, input);
}
