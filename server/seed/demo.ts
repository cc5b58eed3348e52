import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/time';

/** On an empty catalogue, a small realistic grocery shop so a newcomer has something to look at. */
export async function seedDemo(app: FastifyInstance) {
    const existing = await app.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    const now = nowIso();
    const categories = [
        ['Fruits & Vegetables', 'Fresh seasonal produce sourced daily from local farms'],
        ['Dairy & Bakery', 'Milk, curd, paneer, butter, bread and fresh bakes'],
        ['Staples', 'Atta, rice, dals, pulses, edible oils and masalas'],
        ['Snacks & Beverages', 'Namkeen, biscuits, tea, coffee and juices'],
        ['Personal Care', 'Soaps, shampoos, oral care and skin care'],
    ];
    await app.db
        .insertInto('categories')
        .values(categories.map(([name, description]) => ({ name, description, status: 1, createdAt: now, updatedAt: now })))
        .execute();
    app.log.info(`Demo catalogue loaded (${categories.length} categories)`);
}
