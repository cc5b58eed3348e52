import type { Me } from '../types';

/** Where the signed-in user, as /me last answered, waits for the next visit. */
const KEY = 'me';

/** The token's last characters: enough to tell sessions apart without writing the secret a second time. */
const tagOf = (token: string) => token.slice(-12);

const isMe = (value: unknown): value is Me =>
    typeof value === 'object' && value !== null && typeof (value as Me).id === 'number' && typeof (value as Me).roleId === 'number';

/**
 * The identity of the session in this browser, so that a reload shows the screen at once instead of waiting
 * for /me before the first list request (react-admin asks canAccess first). Only what the screens show or
 * hide hangs on it: the API checks every call itself, and /me is asked again on every visit.
 */
export const identityCache = {
    read(token: string): Me | undefined {
        try {
            const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { tag?: string; user?: unknown } | null;
            return saved?.tag === tagOf(token) && isMe(saved.user) ? saved.user : undefined;
        } catch {
            return undefined;
        }
    },
    write(token: string, user: Me) {
        localStorage.setItem(KEY, JSON.stringify({ tag: tagOf(token), user }));
    },
    forget() {
        localStorage.removeItem(KEY);
    },
};
