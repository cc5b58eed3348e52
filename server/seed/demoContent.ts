import type { FastifyInstance } from 'fastify';
import { addDays, shopToday } from '../../schema/dates';
import type { AnyDb } from '../engine/rows';
import { discard } from '../infra/files';
import { nowIso } from '../infra/time';
import { tile, type Shape } from './tiles';

const banners: Array<[name: string, description: string, hue: number, shape: Shape]> = [
    ['Monsoon fruit festival', 'Fresh mangoes, litchis and jamuns from the orchards of Ratnagiri and Muzaffarpur, delivered the same day. Order before 10 am for delivery by evening; free delivery on orders above ₹499 across Bengaluru.', 40, 'circle'],
    ['Staples week', 'Atta, rice, dal and oil at the best prices of the month.', 30, 'square'],
    ['Dairy fresh', 'Milk, curd and paneer from local dairies every morning.', 200, 'pill'],
];

const pageCategories: Array<[name: string, description: string]> = [
    ['About', 'Who we are'],
    ['Policies', 'The rules of the shop'],
    ['Help', 'Answers to common questions'],
];

const pages: Array<[title: string, category: string, html: string, hue: number]> = [
    ['About us', 'About', '<h2>Fresh from the farm</h2><p>We are a neighbourhood grocer delivering fruit, vegetables and staples across Bengaluru since 2019.</p>', 120],
    ['Privacy', 'Policies', '<p>We keep your address and phone number only to deliver your orders. We never sell them.</p>', 260],
    ['Shipping', 'Policies', '<p>Orders placed before <strong>10 am</strong> are delivered the same day. Delivery charges depend on your pincode.</p>', 20],
    ['Returns', 'Policies', '<p>Not happy with a fruit or vegetable? Tell the delivery partner and we refund it on the spot.</p>', 340],
];

/** A day relative to the shop's today, as YYYY-MM-DD. */
const day = (offset: number) => addDays(shopToday(), offset);

/**
 * The storefront's content for the demo shop: banners, page categories and pages, a coupon that is
 * scheduled, one active and one expired, and the site settings. Runs on an empty content table only,
 * in one transaction, like the catalogue's seed.
 */
export async function seedDemoContent(app: FastifyInstance) {
    const db = app.db as unknown as AnyDb;
    if (await db.selectFrom('banners').select('id').limit(1).executeTakeFirst()) return;
    const now = nowIso();
    const stamp = { status: 1, createdAt: now, updatedAt: now };
    const stored: string[] = [];
    const picture = async (hue: number, shape: Shape) => {
        stored.push(await app.media.saveImage(tile(hue % 360, shape)));
        return stored[stored.length - 1];
    };
    try {
        await db.transaction().execute(async (trx) => {
            for (const [name, description, hue, shape] of banners) {
                await trx.insertInto('banners').values({ name, description, image: await picture(hue, shape), ...stamp }).execute();
            }
            const categoryIds = new Map<string, number>();
            for (const [name, description] of pageCategories) {
                const { id } = await trx.insertInto('pageCategories').values({ name, description, ...stamp }).returning('id').executeTakeFirstOrThrow();
                categoryIds.set(name, id);
            }
            for (const [title, category, description, hue] of pages) {
                const image = await picture(hue, 'ring');
                await trx.insertInto('pageContents').values({ title, pageCategoryId: categoryIds.get(category), description, image, ...stamp }).execute();
            }
            const coupon = (couponCode: string, heading: string, discountType: string, value: number, minimum: number, from: number, to: number) => ({
                couponCode,
                heading,
                description: null,
                discountType,
                discountValue: value * 100,
                minimumAmount: minimum * 100,
                startDate: day(from),
                expiryDate: day(to),
                image: null,
                ...stamp,
            });
            await trx
                .insertInto('coupons')
                .values([
                    coupon('WELCOME50', '₹50 off your first order', 'fixed', 50, 499, -10, 60),
                    coupon('FESTIVE20', '20% off for the festive week', 'percentage', 20, 999, 7, 14),
                    coupon('MONSOON15', '15% off monsoon fruit', 'percentage', 15, 299, -40, -10),
                ])
                .execute();
            await trx
                .insertInto('settings')
                .values({
                    website: 'https://freshcart.example.in',
                    logo: await picture(130, 'diamond'),
                    contact: '+91 80 4567 8900',
                    email: 'hello@freshcart.example.in',
                    address: '12, 4th Cross, Indiranagar, Bengaluru 560038',
                    // The GSTIN is left for the owner: until it is given (or "not registered" chosen) the dashboard's
                    // set-up checklist says so, and documents are bills of supply.
                    legalName: 'Freshcart Retail',
                    state: 'Karnataka',
                    hours: 'Monday-Friday 9:30AM-06:30PM',
                    facebook: 'https://facebook.com/freshcart',
                    instagram: 'https://instagram.com/freshcart',
                    googlemap: 'https://maps.google.com/?q=Indiranagar+Bengaluru',
                    metakey: 'Freshcart — groceries delivered',
                    keywords: 'groceries, fruit, vegetables, Bengaluru',
                    description: 'Fresh fruit, vegetables and staples delivered the same day.',
                    ...stamp,
                })
                .execute();
        });
    } catch (error) {
        await discard(app.media, stored);
        throw error;
    }
    app.log.info(`Demo content loaded (${banners.length} banners, ${pages.length} pages, 3 coupons, site settings)`);
}
