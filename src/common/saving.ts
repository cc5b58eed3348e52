/** Rupees as the saving reads them: ₹12 when whole, ₹12.50 otherwise, Indian digit grouping. */
const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

const toPaise = (value: unknown): number | undefined => {
    if (value == null || value === '') return undefined;
    const amount = Number(value);
    return Number.isFinite(amount) ? Math.round(amount * 100) : undefined;
};

/**
 * What a customer saves buying at `price` below `mrp` (both in rupees, as records answer them), counted in paise so
 * that no rupee fraction is lost: the amount, formatted, and the whole percent of the MRP; nothing when there is no
 * MRP or no saving.
 */
export function savingOf(price: unknown, mrp: unknown): { amount: string; percent: number } | undefined {
    const pricePaise = toPaise(price);
    const mrpPaise = toPaise(mrp);
    if (pricePaise === undefined || !mrpPaise || pricePaise >= mrpPaise) return undefined;
    const paise = mrpPaise - pricePaise;
    const amount = paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
    return { amount, percent: Math.round((paise * 100) / mrpPaise) };
}
