import type { DateWindow, WindowState } from './types';

// Made once: building an Intl formatter costs more than a list page's own SQL.
const IST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** The shop's calendar day (India), as YYYY-MM-DD: what 'today' means for a coupon's dates. */
export const shopToday = (now = new Date()) => IST_DAY.format(now);

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
