import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { knownTimeZone } from '../../schema/dates';
import { SHOP_TIME_ZONE } from '../../schema/timeZones';

/** The shop's clock: its zone (Settings → time zone), its today, and the instant each of its days begins. */
export interface ShopClock {
    /** The active settings' zone, Asia/Kolkata when none is set (or one this runtime does not know). */
    zone(): Promise<string>;
    /** Today on the shop's clock, YYYY-MM-DD. */
    today(): Promise<string>;
    /** The shop's today and a function giving the instant (ISO) a shop day begins, on one reading of the zone. */
    days(): Promise<{ zone: string; today: string; start: (day: string) => string }>;
}

/** The active settings' zone (Asia/Kolkata when none names a zone this runtime knows): one read. */
export async function readShopZone(db: Kysely<Database>): Promise<string> {
    const { rows } = await sql<{ timeZone: string | null }>`select time_zone from settings where status = 1 order by id desc limit 1`.execute(db);
    const zone = rows[0]?.timeZone;
    return knownTimeZone(zone) ? zone : SHOP_TIME_ZONE;
}
