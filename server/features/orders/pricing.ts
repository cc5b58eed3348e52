import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { OrderLine } from '../../../schema/orderLine';
import { badRequest } from '../../infra/errors';
import { shopToday } from '../../../schema/dates';
import { readShopZone } from '../../infra/shopClock';
import { totalRate } from '../../../schema/gst';
import { lineAmount, quantityProblem, unitOf } from '../../../schema/measure';
import { variantName } from '../../../schema/variantName';

/**
 * Pricing, exact in paise. Catalogue prices INCLUDE GST (the printed MRP, as Indian grocery shops sell):
 * a line costs unit price × quantity (a kilogram's price × 0.75 kg, to the paisa), and its GST part is shown, not added:
 * tax = round((lineTotal − discount) × rate / (100 % + rate)), half up, per line.
 * A coupon's discount is known when the goods are supplied and shown on the invoice, so it is not part of their value
 * (CGST Act section 15(3)(a)): it is shared among the lines by their value (`shareDiscount`) and each line's tax is
 * that of what is paid for it. The pincode's delivery charge is added after and is not discounted (the invoice shows
 * its own tax, see docs/gst.md). A product's rate is the whole GST rate of its row (a CGST or SGST row is half).
 */

export interface OrderItem {
    productId: number;
    /** Thousandths of the product's unit: 3000 is 3 pieces, 750 is 0.75 kg (schema/measure.ts). */
    quantity: number;
}

/** A line priced from the catalogue as it is now: its product exists; `discount` is its share of the coupon's, in paise. */
export type PricedLine = OrderLine & { productId: number; discount: number };

export interface Priced {
    lines: PricedLine[];
    subtotal: number;
    taxTotal: number;
    deliveryCharge: number;
    discount: number;
    totalPrice: number;
    couponCode: string | null;
}

export const NO_STATE =
    'We cannot take orders to this pincode yet: the shop has not said which state it is in (Pincodes → state), which the GST invoice needs';

/** Coupon terms as stored: a percentage's value is hundredths of a percent, a fixed amount's is paise. */
export interface CouponTerms {
    couponCode: string;
    discountType: 'percentage' | 'fixed';
    discountValue: number;
    /** Optional in the schema (the column's default is 0). */
    minimumAmount: number | null;
    startDate: string;
    expiryDate: string;
    status: number;
}

/** a × b / c rounded half up, for non-negative integers, without float error for any amount a shop sees. */
export const mulDivRound = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (BigInt(c) * 2n));

/** The GST part of a GST-inclusive amount; `percent` in hundredths (500 is 5 %). */
export const includedTax = (amount: number, percent: number) => mulDivRound(amount, percent, 10_000 + percent);

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * `discount` paise shared among lines worth `values` paise, in proportion to each, to the paisa: each line gets the
 * whole paise of its share, and what the rounding leaves goes to the line of the largest value (the first of equals),
 * then, should that line have no room (a paisa's worth of line), to the next largest. No line gets more than its value.
 */
export function shareDiscount(discount: number, values: number[]): number[] {
    const whole = values.reduce((sum, value) => sum + value, 0);
    if (discount <= 0 || whole <= 0) return values.map(() => 0);
    const taken = Math.min(discount, whole);
    const shares = values.map((value) => Number((BigInt(taken) * BigInt(value)) / BigInt(whole)));
    let left = taken - shares.reduce((sum, share) => sum + share, 0);
    const bySize = values.map((value, i) => ({ value, i })).sort((a, b) => b.value - a.value || a.i - b.i);
    for (const { value, i } of bySize) {
        if (!left) break;
        const more = Math.min(left, value - shares[i]);
        shares[i] += more;
        left -= more;
    }
    return shares;
}

/** The discount a coupon gives on `subtotal` `today` (the shop's day), or the reason it gives none (a 400 the customer can read). */
export function couponDiscount(coupon: CouponTerms | undefined, subtotal: number, today: string): number {
    const refuse = (message: string) => badRequest(message, { couponCode: message });
    if (!coupon) throw refuse('This coupon code does not exist');
    if (coupon.status !== 1) throw refuse('This coupon is no longer active');
    if (today < coupon.startDate) throw refuse(`This coupon can be used from ${coupon.startDate}`);
    if (today > coupon.expiryDate) throw refuse('This coupon has expired');
    const minimum = coupon.minimumAmount ?? 0;
    if (subtotal < minimum) throw refuse(`This coupon needs an order of at least ${rupees(minimum)}; add ${rupees(minimum - subtotal)} more`);
    const discount = coupon.discountType === 'percentage' ? mulDivRound(subtotal, coupon.discountValue, 10_000) : coupon.discountValue;
    return Math.min(discount, subtotal);
}

/** Prices an order from the catalogue as it is now; refuses, with the reason, what cannot be sold. */
export async function priceOrder(db: Kysely<Database>, input: { items: OrderItem[]; pincode: string; couponCode?: string }): Promise<Priced> {
    const ids = input.items.map((item) => item.productId);
    if (new Set(ids).size !== ids.length) throw badRequest('Each product may appear once in an order; change its quantity instead', { items: 'Each product may appear once' });

    const products = await db
        .selectFrom('products')
        .innerJoin('gstRates', 'gstRates.id', 'products.gstId')
        .select(['products.id', 'products.name', 'products.option', 'products.price', 'products.status', 'products.unit', 'products.step', 'products.minimum', 'gstRates.type', 'gstRates.percent'])
        .where('products.id', 'in', ids)
        .execute();
    const byId = new Map(products.map((p) => [p.id, p]));
    const nameOf = (product?: { name: string; option: string }) => product && variantName(product.name, product.option);
    const unavailable = ids.filter((id) => byId.get(id)?.status !== 1);
    if (unavailable.length) {
        throw badRequest(`These products are not available: ${unavailable.map((id) => nameOf(byId.get(id)) ?? `#${id}`).join(', ')}`, {
            items: 'Some products are not available',
        });
    }

    const gross = input.items.map(({ productId, quantity }) => {
        const product = byId.get(productId)!;
        const name = nameOf(product)!;
        const problem = quantityProblem(quantity, name, product);
        if (problem) throw badRequest(problem, { items: problem });
        const unit = unitOf(product.unit);
        return { productId, name, unitPrice: product.price, quantity, unit, gstPercent: totalRate(product.type, product.percent), lineTotal: lineAmount(product.price, quantity) };
    });
    const subtotal = gross.reduce((sum, line) => sum + line.lineTotal, 0);

    const pincode = await db.selectFrom('pincodes').select(['prize', 'status', 'state']).where('pincode', '=', input.pincode).executeTakeFirst();
    if (!pincode || pincode.status !== 1) throw badRequest('We do not deliver to this pincode yet', { pincode: 'We do not deliver to this pincode yet' });
    // The state is the place of supply: it decides between CGST + SGST and IGST, so no invoice can be made without it.
    if (!pincode.state) throw badRequest(NO_STATE, { pincode: NO_STATE });

    let discount = 0;
    let couponCode: string | null = null;
    const code = input.couponCode?.trim().toUpperCase();
    if (code) {
        const coupon = await db
            .selectFrom('coupons')
            .select(['couponCode', 'discountType', 'discountValue', 'minimumAmount', 'startDate', 'expiryDate', 'status'])
            .where('couponCode', '=', code)
            .executeTakeFirst();
        // Its dates are days of the shop's clock (Settings → time zone).
        discount = couponDiscount(coupon, subtotal, shopToday(new Date(), await readShopZone(db)));
        couponCode = code;
    }

    const shares = shareDiscount(discount, gross.map((line) => line.lineTotal));
    const lines: PricedLine[] = gross.map((line, i) => ({ ...line, discount: shares[i], tax: includedTax(line.lineTotal - shares[i], line.gstPercent) }));
    const taxTotal = lines.reduce((sum, line) => sum + line.tax, 0);
    return { lines, subtotal, taxTotal, deliveryCharge: pincode.prize, discount, totalPrice: subtotal - discount + pincode.prize, couponCode };
}
