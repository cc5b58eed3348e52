// The catalogue the benchmarks load: products with names a shop would have, galleries of 0-3 images.
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/tables';
import { nowIso } from '../server/infra/time';

const WORDS = ['Basmati', 'Sona Masoori', 'Toor', 'Moong', 'Chana', 'Atta', 'Besan', 'Groundnut', 'Mustard', 'Assam', 'Filter', 'Masala', 'Organic', 'Premium', 'Classic'];
const KINDS = ['Rice', 'Dal', 'Flour', 'Oil', 'Tea', 'Coffee', 'Namkeen', 'Biscuits', 'Ghee', 'Paneer', 'Apples', 'Bananas', 'Soap', 'Toothpaste'];

/** 10 categories × 5 subcategories, 20 attributes, 4 GST rates, then the products and 0-3 gallery images each. */
export async function fillCatalogue(db: Kysely<Database>, count: number) {
    const now = nowIso();
    const stamp = { status: 1, createdAt: now, updatedAt: now };
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    await db.transaction().execute(async (trx) => {
        await trx.insertInto('categories').values(range(10).map((i) => ({ name: `Category ${i}`, description: `Aisle ${i}`, ...stamp }))).execute();
        await trx.insertInto('subcategories').values(range(50).map((i) => ({ categoryId: Math.ceil(i / 5), name: `Subcategory ${i}`, ...stamp }))).execute();
        await trx.insertInto('attributes').values(range(20).map((i) => ({ name: 'Weight', value: `${i * 50} g`, ...stamp }))).execute();
        await trx
            .insertInto('gstRates')
            .values([0, 500, 1200, 1800].map((percent) => ({ type: 'IGST' as const, description: `${percent / 100}%`, percent, ...stamp })))
            .execute();
        const batch = 1000;
        for (let first = 1; first <= count; first += batch) {
            const ids = range(Math.min(batch, count - first + 1)).map((i) => first + i - 1);
            const products = ids.map((n) => {
                const subcategoryId = (n % 50) + 1;
                const name = `${WORDS[n % WORDS.length]} ${KINDS[(n * 5) % KINDS.length]} ${n}`;
                return {
                    name,
                    description: `${name}, packed fresh`,
                    categoryId: Math.ceil(subcategoryId / 5),
                    subcategoryId,
                    attributeId: (n % 20) + 1,
                    gstId: (n % 4) + 1,
                    price: 1000 + ((n * 7919) % 99_000),
                    // Most products count their stock (in thousandths of a piece); every ninth does not track it.
                    stock: n % 9 === 0 ? null : ((n * 31) % 500) * 1000,
                    image: `/uploads/product-${n}.png`,
                    status: n % 10 === 0 ? 0 : 1,
                    createdBy: null,
                    createdAt: now,
                    updatedAt: now,
                };
            });
            await trx.insertInto('products').values(products).execute();
            const images = ids.flatMap((n) => range(n % 4).map((position) => ({ productId: n, image: `/uploads/gallery-${n}-${position}.png`, position })));
            if (images.length) await trx.insertInto('productImages').values(images).execute();
        }
    });
}

