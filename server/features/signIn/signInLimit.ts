import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One limit per client over every sign-in route — login, code check, registration, and any later
 * route that sends mail or checks a secret (forgot/reset password, contact): spread over several
 * routes, a client still gets AUTH_RATE_LIMIT requests a minute in all. Use it as the route's
 * `config.rateLimit`. The client is `request.ip`, which honours TRUST_PROXY.
 */
export const SIGN_IN_GROUP = 'sign-in';

export const signInRateLimit = (app: FastifyInstance) => ({
    max: app.config.authRateLimit,
    timeWindow: '1 minute',
    groupId: SIGN_IN_GROUP,
    keyGenerator: (request: FastifyRequest) => clientOf(request.ip),
});

/**
 * Who a request comes from, for the sign-in limits: the address, except that an IPv6 client is its /64.
 * One subscriber line or host is given a whole /64, so counting single IPv6 addresses would let one
 * client pick a new address per request and never meet a limit or a lockout.
 */
export function clientOf(ip: string): string {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped) return mapped[1];
    if (!isIPv6(ip.split('%')[0])) return ip;
    return `${ipv6Groups(ip.split('%')[0]).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' expanded (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(ip: string): string[] {
    const split = (part: string) => (part ? part.split(':') : []).flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
    const [head, tail] = ip.split('::');
    const left = split(head);
    const right = tail === undefined ? [] : split(tail);
    const zeros = Array<string>(8 - left.length - right.length).fill('0');
    return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

interface Hits {
    current: number;
    ttl: number;
    startMs: number;
}

type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

/** Windows are dropped once this many clients are being counted, oldest first. */
const MAX_KEYS = 20_000;

/**
 * A rate-limit store whose routes share one count per `groupId`. @fastify/rate-limit gives every route
 * a store of its own (its `child`), so a group of routes would still count separately; here the
 * children of one group are the same store.
 */
export class GroupedStore {
    private readonly hits = new Map<string, Hits>();
    private readonly groups: Map<string, GroupedStore>;

    /** @fastify/rate-limit constructs the root store with its settings; children share the root's groups. */
    constructor(groups?: unknown) {
        this.groups = groups instanceof Map ? (groups as Map<string, GroupedStore>) : new Map();
    }

    incr(key: string, callback: Callback, timeWindow: number) {
        const now = Date.now();
        let hit = this.hits.get(key);
        if (!hit || hit.startMs + timeWindow <= now) {
            hit = { current: 0, ttl: timeWindow, startMs: now };
            // Re-inserted so the map stays in order of window start and the oldest go first.
            this.hits.delete(key);
            this.hits.set(key, hit);
            if (this.hits.size > MAX_KEYS) this.hits.delete(this.hits.keys().next().value!);
        }
        hit.current += 1;
        hit.ttl = hit.startMs + timeWindow - now;
        callback(null, { current: hit.current, ttl: hit.ttl });
    }

    read(key: string, callback: Callback, timeWindow: number) {
        const hit = this.hits.get(key);
        const now = Date.now();
        if (!hit || hit.startMs + timeWindow <= now) return callback(null, { current: 0, ttl: 0 });
        callback(null, { current: hit.current, ttl: hit.startMs + timeWindow - now });
    }

    child(options: { groupId?: string }): GroupedStore {
        if (!options.groupId) return new GroupedStore(this.groups);
        let shared = this.groups.get(options.groupId);
        if (!shared) {
            shared = new GroupedStore(this.groups);
            this.groups.set(options.groupId, shared);
        }
        return shared;
    }
}
