import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { discard } from '../infra/files';
import { toUnits } from '../engine/money';
import { nowIso } from '../infra/time';
import * as demo from './demoCatalogue';
import { seedDemoOrders } from './demoOrders';
import { tile, type Shape } from './tiles';

const SHAPES: Shape[] = ['circle', 'square', 'diamond', 'ring', 'pill'];

/** A product's other packs, each a variant with its own price and picture (schema/products.ts); answers their ids. */
async function addPacks(trx: Kysely<Database>, variant: Omit<Insertable<Database['products']>, 'price'>, packs: Array<[option: string, price: string]>, pictureOf: (at: number) => Promise<string>) {
    const rows = [];
    for (const [at, [option, price]] of packs.entries()) rows.push({ ...variant, option, price: toUnits(price, 2), position: at + 2, image: await pictureOf(at) });
    return rows.length ? (await trx.insertInto('products').values(rows).returning('id').execute()).map((row) => row.id) : [];
}

/**
 * On an empty catalogue, a small realistic grocery shop so a newcomer has something to look at.
 * Pictures are drawn and stored like uploads; the rows go in one transaction, so a failure leaves
 * an empty catalogue (and the next start tries again) rather than half a shop.
 */
export async function seedDemo(app: FastifyInstance) {
    const existing = await app.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    const now = nowIso();
    const stamp = { status: 1, createdAt: now, updatedAt: now };
    const stored: string[] = [];
    const picture = async (hue: number, shape: Shape) => {
        stored.push(await app.media.saveImage(tile(hue % 360, shape)));
        return stored[stored.length - 1];
    };

    try {
        await app.db.transaction().execute(async (trx) => {
            const subcategories = new Map<string, { id: number; categoryId: number; hue: number; shape: Shape }>();
            for (const category of demo.categories) {
                const { id: categoryId } = await trx
                    .insertInto('categories')
                    .values({ name: category.name, description: category.description, image: await picture(category.hue, category.shape), ...stamp })
                    .returning('id')
                    .executeTakeFirstOrThrow();
                for (const [index, [name, shape]] of category.subcategories.entries()) {
                    const hue = category.hue + index * 14;
                    const { id } = await trx
                        .insertInto('subcategories')
                        .values({ categoryId, name, image: await picture(hue, shape), ...stamp })
                        .returning('id')
                        .executeTakeFirstOrThrow();
                    subcategories.set(name, { id, categoryId, hue, shape });
                }
            }

            const attributes = await trx
                .insertInto('attributes')
                .values(demo.attributes.map(([name, value]) => ({ name, value, description: `${name}: ${value}`, ...stamp })))
                .returning(['id', 'name', 'value'])
                .execute();
            const attributeId = new Map(attributes.map((a) => [`${a.name} ${a.value}`, a.id]));

            const rates = await trx
                .insertInto('gstRates')
                .values(demo.gstRates.map(([type, percent, description]) => ({ type, description, percent: toUnits(percent, 2), ...stamp })))
                .returning(['id', 'type', 'percent'])
                .execute();
            const igstId = new Map(rates.filter((r) => r.type === 'IGST').map((r) => [r.percent, r.id]));

            for (const [index, [name, subcategory, attribute, gst, price, description, hsn, gallery = 0]] of demo.products.entries()) {
                const sub = subcategories.get(subcategory)!;
                const hue = sub.hue + (index % 3) * 9;
                const shared = { name, description, categoryId: sub.categoryId, subcategoryId: sub.id, attributeId: attributeId.get(attribute)!, gstId: igstId.get(toUnits(gst, 2))!, hsn };
                const pack = demo.packs.get(name);
                const { id } = await trx
                    .insertInto('products')
                    .values({
                        ...shared,
                        price: toUnits(price, 2),
                        option: pack?.option ?? '',
                        ...(demo.loose.has(name) ? { unit: 'KGS' as const, ...demo.loose.get(name) } : {}),
                        image: await picture(hue, sub.shape),
                        createdBy: null,
                        ...stamp,
                    })
                    .returning('id')
                    .executeTakeFirstOrThrow();
                const variantIds = await addPacks(trx, { ...shared, parentId: id, createdBy: null, ...stamp }, pack?.others ?? [], (at) => picture(hue + (at + 1) * 12, sub.shape));
                // Its set of attributes, which the list, the filter and the palette read, holds its one attribute.
                const withAttribute = [id, ...variantIds].map((productId) => ({ productId, attributeId: shared.attributeId }));
                await trx.insertInto('productAttributes').values(withAttribute).execute();
                for (let position = 1; position <= gallery; position++) {
                    const image = await picture(hue + position * 25, SHAPES[(SHAPES.indexOf(sub.shape) + position) % SHAPES.length]);
                    await trx.insertInto('productImages').values({ productId: id, image, position }).execute();
                }
            }

            await trx
                .insertInto('pincodes')
                .values(demo.pincodes.map(([pincode, charge, state]) => ({ pincode, prize: toUnits(charge, 2), state, ...stamp })))
                .execute();
        });
    } catch (error) {
        await discard(app.media, stored);
        throw error;
    }
    app.log.info(`Demo catalogue loaded (${demo.categories.length} categories, ${demo.products.length} products, ${demo.pincodes.length} pincodes)`);
    await seedDemoOrders(app);
}
