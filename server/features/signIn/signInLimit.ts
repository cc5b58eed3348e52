import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One limit per client over every sign-in route — login, code check, registration, and any later
 * route that sends mail or checks a secret (forgot/reset password, contact): spread over several
 * routes, a client still gets AUTH_RATE_LIMIT requests a minute in all, however many instances serve
 * them (server/infra/limits counts in one shared store). Use it as the route's `config.rateLimit`.
 * The client is `request.ip`, which honours TRUST_PROXY.
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
 * client pick a new address per request and never meet the limit.
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
