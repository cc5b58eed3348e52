import { Redis } from 'ioredis';
import type { Hits, LimitCounter } from './counter';

/**
 * One script, so a request's count and its window's expiry are set in one step that Redis runs alone:
 * the first request of a window gives the key its lifetime, later ones read what is left of it.
 */
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {current, ttl}
`;

const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
return {tonumber(current), math.max(0, redis.call('PTTL', KEYS[1]))}
`;

type Scripted = Redis & {
    limitIncr(key: string, windowMs: number): Promise<[number, number]>;
    limitRead(key: string): Promise<[number, number]>;
};

const hits = ([current, ttl]: [number, number]): Hits => ({ current, ttl });

/**
 * Counts in Redis (REDIS_URL), for instances that share one: keys expire with their window, so nothing
 * needs sweeping. A request fails rather than waits long while Redis is unreachable.
 */
export function redisCounter(url: string, prefix: string): LimitCounter {
    // Once connected, a command without a connection is refused at once (503), not queued until Redis is back;
    // ioredis keeps reconnecting meanwhile, at most two seconds apart, and the next request after that counts
    // again. Before the first connection, a command waits for it (the command timeout bounds the wait).
    const redis = new Redis(url, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        // A command on a connection that died before ioredis noticed waits for the reconnect otherwise, which a
        // Redis that takes the connection and drops it at once (a proxy in front of a stopped one) never brings.
        commandTimeout: 2_000,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    }) as Scripted;
    // Each lost connection and failed reconnect says so here; the requests that needed Redis meanwhile answer 503.
    redis.on('error', () => {});
    redis.once('ready', () => (redis.options.enableOfflineQueue = false));
    redis.defineCommand('limitIncr', { numberOfKeys: 1, lua: INCR });
    redis.defineCommand('limitRead', { numberOfKeys: 1, lua: READ });
    return {
        incr: async (key, windowMs) => hits(await redis.limitIncr(prefix + key, windowMs)),
        read: async (key) => hits(await redis.limitRead(prefix + key)),
        opened: () => connected(redis, 3_000),
        ping: async () => {
            await redis.ping();
        },
        close: async () => {
            // Without a connection there is nothing to say goodbye on.
            await redis.quit().catch(() => redis.disconnect());
        },
    };
}

/** Resolves once Redis is connected, or after `ms` without it: a server starts either way (its health says which). */
function connected(redis: Redis, ms: number): Promise<void> {
    if (redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            redis.off('ready', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        redis.once('ready', done);
    });
}
