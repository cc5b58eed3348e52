import { badRequest } from '../../infra/errors';

/** A return period: instants [from, to) by India Standard Time, and `fp` as the GST portal writes it (MMYYYY). */
export interface Period {
    from: string;
    to: string;
    fp: string;
    label: string;
}

const istMidnight = (year: number, month: number, day = 1) => new Date(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00+05:30`).toISOString();
const next = (year: number, month: number) => (month === 12 ? [year + 1, 1] : [year, month + 1]) as [number, number];

export const PERIOD_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2]|Q[1-4])$';

/**
 * `2026-11` is November 2026; `2026-Q3` the calendar quarter July to September 2026 (GST's quarters are the calendar's,
 * whatever the financial year calls them), whose return's `fp` is its last month, as a quarterly (QRMP) filer's is.
 */
export function periodOf(text: string): Period {
    const quarter = /^(\d{4})-Q([1-4])$/.exec(text);
    const month = /^(\d{4})-(\d{2})$/.exec(text);
    if (!quarter && !month) throw badRequest('Please give the period as 2026-11 or 2026-Q3', { period: 'As 2026-11 or 2026-Q3' });
    const year = Number((quarter ?? month)![1]);
    const first = quarter ? (Number(quarter[2]) - 1) * 3 + 1 : Number(month![2]);
    const last = quarter ? first + 2 : first;
    const [endYear, endMonth] = next(year, last);
    return { from: istMidnight(year, first), to: istMidnight(endYear, endMonth), fp: `${String(last).padStart(2, '0')}${year}`, label: text };
}

/** Days `from` to `to` (YYYY-MM-DD, both included) by India time. */
export function daysOf(from: string, to: string): Period {
    const [y, m, d] = to.split('-').map(Number);
    const end = new Date(Date.UTC(y, m - 1, d + 1));
    if (to < from) throw badRequest('The end date is before the start date', { to: 'On or after the start date' });
    return { from: istMidnight(...(from.split('-').map(Number) as [number, number, number])), to: istMidnight(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate()), fp: '', label: `${from}_${to}` };
}
