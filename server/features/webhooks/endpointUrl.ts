import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { badRequest } from '../../infra/errors';

/** Where endpoints may be: anywhere public over HTTPS, or also this machine and private networks (tests, a staging shop). */
export interface UrlPolicy {
    allowLocal: boolean;
}

// Addresses an endpoint may not resolve to in production: a webhook must not become a way to make the
// server post to itself or to machines behind its firewall (SSRF).
const privateRanges = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
    privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) privateRanges.addSubnet(network, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local or otherwise not on the public internet (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPrivateAddress(mapped);
    const version = isIP(address);
    if (!version) return true;
    return privateRanges.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const refuse = (message: string) => badRequest(message, { url: message });

/**
 * The endpoint's address checked and tidied, or a 400 saying what is wrong: a full https:// address with no
 * user name or password in it; plain http:// only to this machine where local endpoints are allowed; in
 * production, a host that resolves only to public addresses (the delivery checks again as it connects).
 */
export async function checkEndpointUrl(text: string, policy: UrlPolicy): Promise<string> {
    let url: URL;
    try {
        url = new URL(text.trim());
    } catch {
        throw refuse("Please enter the endpoint's full address, starting with https://");
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse("Please enter the endpoint's full address, starting with https://");
    if (url.username || url.password) throw refuse('The address must not hold a user name or password; the signature tells the endpoint who is calling');
    const host = url.hostname.toLowerCase();
    if (url.protocol === 'http:' && !(policy.allowLocal && LOCAL_HOSTS.has(host))) {
        throw refuse(
            policy.allowLocal
                ? 'The endpoint must use https:// (http:// is allowed only for 127.0.0.1 or localhost, for testing)'
                : 'The endpoint must use https://, so that what it receives cannot be read or changed on the way',
        );
    }
    if (!policy.allowLocal) await refusePrivate(host);
    url.hash = '';
    return url.toString();
}

async function refusePrivate(host: string) {
    const bare = host.replace(/^\[|\]$/g, '');
    let addresses: string[];
    if (isIP(bare)) addresses = [bare];
    else {
        try {
            addresses = (await lookup(bare, { all: true })).map((found) => found.address);
        } catch {
            throw refuse(`The endpoint's host ${host} could not be found; please check the address`);
        }
    }
    if (host === 'localhost' || addresses.some(isPrivateAddress)) {
        throw refuse(`The endpoint must be on the public internet: ${host} is a private or local address`);
    }
}
