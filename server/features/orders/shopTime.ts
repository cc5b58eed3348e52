// The shop trades in India: "today", a coupon's dates and the dashboard's days are Indian Standard Time,
// which has a fixed offset (no daylight saving), so both databases can shift by it in plain SQL.
export const IST_OFFSET_MINUTES = 330;

const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The shop's calendar date of an instant, YYYY-MM-DD. */
export const shopDate = (at: Date = new Date()) => istDay.format(at);

/** The UTC instant (ISO text, as stored) at which a shop date begins. */
export const shopDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MINUTES * 60_000).toISOString();

/** The shop date `days` after (or before, when negative) `date`. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
