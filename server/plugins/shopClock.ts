import fp from 'fastify-plugin';
import { dayStart, shopToday } from '../../schema/dates';
import { coalescedReads } from '../infra/coalescedReads';
import { readShopZone, type ShopClock } from '../infra/shopClock';

declare module 'fastify' {
    interface FastifyInstance {
        shopClock: ShopClock;
    }
}

/**
 * The zone is read from the settings whenever it is asked (requests that ask together share one read), not kept:
 * a change on one instance is every instance's at once, so no two of them disagree on what day it is.
 */
export default fp(
    async (app) => {
        const readZone = coalescedReads((_: void) => readShopZone(app.db));
        const clock: ShopClock = {
            zone: () => readZone(),
            today: async () => shopToday(new Date(), await readZone()),
            async days() {
                const zone = await readZone();
                return { zone, today: shopToday(new Date(), zone), start: (day: string) => dayStart(day, zone) };
            },
        };
        app.decorate('shopClock', clock);
    },
    { name: 'shopClock', dependencies: ['db'] },
);
