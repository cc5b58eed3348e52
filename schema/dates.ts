import { SHOP_TIME_ZONE } from './timeZones';
import type { DateWindow, WindowState } from './types';

// Made once per zone: building an Intl formatter costs more than a list page's own SQL.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

const kept = (formats: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) => {
    let format = formats.get(zone);
    if (!format) {
        format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...options });
        formats.set(zone, format);
    }
    return format;
};

/** Whether this runtime knows a zone by that name (Intl refuses one it does not). */
export function knownTimeZone(zone: unknown): zone is string {
    if (typeof zone !== 'string' || !zone) return false;
    try {
        kept(dayFormats, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
        return true;
    } catch {
        return false;
    }
}

/**
 * The shop's calendar day, as YYYY-MM-DD: what 'today' means for a coupon's dates. The day of the shop's zone
 * (its setting, India unless it names another), not of the server's clock.
 */
export const shopToday = (now = new Date(), zone: string = SHOP_TIME_ZONE) =>
    kept(dayFormats, zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** How far the zone's clock is ahead of UTC at an instant, in minutes (330 in India; 60 or 0 in London). */
function offsetMinutes(at: number, zone: string): number {
    const parts = kept(clockFormats, zone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const onTheClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
    return Math.round((onTheClock - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant (ISO, UTC, as stored) at which a YYYY-MM-DD day begins on the zone's clock. The offset is the
 * zone's on that day, so a zone with summer time begins its days an hour apart in summer and in winter.
 */
export function dayStart(day: string, zone: string = SHOP_TIME_ZONE): string {
    const midnight = Date.parse(`${day}T00:00:00.000Z`);
    const first = midnight - offsetMinutes(midnight, zone) * 60_000;
    // Once more with the offset at that instant: it differs when the clocks changed between the two.
    return new Date(midnight - offsetMinutes(first, zone) * 60_000).toISOString();
}

/** The day `days` after a YYYY-MM-DD day (before it when negative), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
}

/** Where a row stands in its date window today. */
export function windowState(window: DateWindow, row: Record<string, unknown>, today = shopToday()): WindowState {
    if (String(row[window.from]) > today) return 'scheduled';
    if (String(row[window.to]) < today) return 'expired';
    return 'active';
}
