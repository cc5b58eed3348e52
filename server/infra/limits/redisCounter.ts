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
    const redis = new Redis(url, { maxRetriesPerRequest: 1 }) as Scripted;
    redis.defineCommand('limitIncr', { numberOfKeys: 1, lua: INCR });
    redis.defineCommand('limitRead', { numberOfKeys: 1, lua: READ });
    return {
        incr: async (key, windowMs) => hits(await redis.limitIncr(prefix + key, windowMs)),
        read: async (key) => hits(await redis.limitRead(prefix + key)),
        ping: async () => {
            await redis.ping();
        },
        close: async () => {
            await redis.quit();
        },
    };
}
