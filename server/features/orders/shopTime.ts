// GST's financial year is India's, whatever zone the shop's screens read (Settings → time zone): an invoice
// number's year follows India Standard Time. The shop's own days are the shop clock's (server/plugins/shopClock.ts, server/infra/shopClock.ts).
const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** India's calendar date of an instant, YYYY-MM-DD. */
export const indiaDate = (at: Date = new Date()) => istDay.format(at);
