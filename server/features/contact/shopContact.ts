import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

// A type, not an interface: the route's answer is checked against its response schema's type, which takes only
// types with an index signature (as object types have and interfaces do not).
export type ShopContact = {
    address: string | null;
    phone: string | null;
    email: string;
    hours: string;
};

export const OPENING_HOURS = 'Monday-Friday 9:30AM-06:30PM';

interface SettingsRow {
    address?: string | null;
    contact?: string | null;
    email?: string | null;
    hours?: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The shop's address, phone and e-mail from the active site settings, read
 * defensively: the settings table may not exist yet, or hold no active row, and then the shop's
 * defaults answer (the administrator's address, no street address or phone, open Monday-Friday 9:30AM-06:30PM).
 */
export async function shopContact(app: FastifyInstance): Promise<ShopContact> {
    let row: SettingsRow | undefined;
    try {
        const result = await sql<SettingsRow>`select * from settings where status = 1 order by id desc limit 1`.execute(app.db);
        row = result.rows[0];
    } catch {
        row = undefined;
    }
    return {
        address: text(row?.address),
        phone: text(row?.contact),
        email: text(row?.email) ?? app.config.adminEmail,
        hours: text(row?.hours) ?? OPENING_HOURS,
    };
}
