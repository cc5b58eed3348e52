import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Addresses the server may not be sent to in production by an address someone else chose (a webhook endpoint, a
// picture named in an imported CSV): it must not become a way to make the server call itself or the machines
// behind its firewall (SSRF).
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

/**
 * A lookup for http(s).request that refuses a host resolving to any private address, at the moment of connecting:
 * a check made earlier (when the address was saved) could be passed by a DNS answer that changes (rebinding).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const inside = addresses.find((found) => isPrivateAddress(found.address));
        if (inside) return callback(new Error(`${hostname} resolves to a private address (${inside.address})`), '', 0);
        if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
    });
};
