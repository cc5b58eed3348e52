/** The header the server reads a device token from. */
export const DEVICE_TOKEN_HEADER = 'X-Device-Token';

const keyOf = (email: string) => `deviceToken:${email.trim().toLowerCase()}`;

/**
 * The device token the server gave this browser for an address at its last sign-in (OWASP's device cookies):
 * sent back when asking for and checking a code, it gives this browser a budget of wrong codes of its own, so
 * strangers guessing at the address cannot hold it back. One per address, kept across sign-outs: it names
 * the browser, not a session, and grants nothing by itself.
 */
export const deviceTokens = {
    read: (email: string): string | null => localStorage.getItem(keyOf(email)),
    write: (email: string, token: unknown) => {
        if (typeof token === 'string' && token) localStorage.setItem(keyOf(email), token);
    },
};
