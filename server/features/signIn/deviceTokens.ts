import { randomBytes } from 'node:crypto';
import { hmac, sameDigest } from '../../infra/secrets';

/** The header a client sends its device token in (the app keeps it beside its session token). */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** A device token is good for a year after the sign-in that gave it; each sign-in gives a fresh one. */
const DEVICE_TOKEN_TTL_MS = 365 * 24 * 60 * 60_000;

const SHAPE = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([0-9a-f]{64})$/;

/**
 * Device tokens (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed
 * in to an account is given `<id>.<issued>.<signature>`, the signature an HMAC with the server's key over
 * the address, the id and the time. Nothing is stored: the id names the device's own failure budget, and
 * a token for another address, forged, altered or too old is no token at all (the request is an unknown
 * device's).
 */
export function deviceTokens(secret: string) {
    const sign = (address: string, id: string, issued: string) => hmac(secret, `device-token:${address}:${id}:${issued}`);

    /** A new token for the device that just signed in to the address. */
    function issue(address: string): string {
        const id = randomBytes(16).toString('base64url');
        const issued = Date.now().toString(36);
        return `${id}.${issued}.${sign(address, id, issued)}`;
    }

    /** The device's id when the token is this server's, for this address and not too old; else null. */
    function read(address: string, token: unknown): string | null {
        const parts = typeof token === 'string' ? SHAPE.exec(token) : null;
        if (!parts) return null;
        const [, id, issued, signature] = parts;
        if (!sameDigest(signature, sign(address, id, issued))) return null;
        const age = Date.now() - parseInt(issued, 36);
        // A minute of leeway: another instance's clock may run a little behind the one that issued it.
        return age > -60_000 && age < DEVICE_TOKEN_TTL_MS ? id : null;
    }

    return { issue, read };
}
