import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { LimitCounter } from './counter';
import { dbCounter } from './dbCounter';
import { redisCounter } from './redisCounter';
import { storeClass } from './sharedStore';

export type { Hits, LimitCounter } from './counter';

declare module 'fastify' {
    interface FastifyInstance {
        /** The rate limits' shared counter (readiness pings it when it is Redis). */
        limitCounter: LimitCounter;
    }
}

/** Where the limits count, chosen once at start: Redis when REDIS_URL is set, else the database. */
export function createLimitCounter(app: FastifyInstance, config: Config): LimitCounter {
    if (config.redisUrl) return redisCounter(config.redisUrl, config.redisKeyPrefix);
    // The database is opened after the rate-limit plugin is registered; it is there by the first request.
    return dbCounter(() => app.db, (error) => app.log.error({ err: error }, 'Sweeping ended rate-limit windows failed'));
}

/** The rate-limit plugin's `store`: every instance counts in the one shared counter, closed with the app. */
export function sharedLimitStore(app: FastifyInstance, config: Config) {
    const counter = createLimitCounter(app, config);
    if (counter.opened) app.addHook('onReady', counter.opened);
    app.decorate('limitCounter', counter);
    if (counter.close) app.addHook('onClose', counter.close);
    return storeClass(counter);
}
