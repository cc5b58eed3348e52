import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { badRequest } from '../../infra/errors';
import { isPrivateAddress } from '../../infra/publicAddress';

/** Where endpoints may be: anywhere public over HTTPS, or also this machine and private networks (tests, a staging shop). */
export interface UrlPolicy {
    allowLocal: boolean;
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
