import { forNoRequest } from '../db/abandoned';

/**
 * One database read for the many requests that ask the same question at once. A caller joins the read for its
 * key that has not been sent yet; the read is sent on the next turn of the event loop, so every caller that
 * joined it arrived before it was sent, and its answer is at least as new as each of them (a write committed
 * before a request arrived is always seen; a read already sent is never joined). Under load this turns the
 * session lookup and the list versions, each a round trip per request, into one per key per turn: on
 * PostgreSQL the round trips, not the queries, were most of a kept page's cost. The read belongs to no one
 * request: one caller going away does not cancel it for the others.
 */
export function coalescedReads<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
    const waiting = new Map<K, Promise<V>>();
    return (key) => {
        const joined = waiting.get(key);
        if (joined) return joined;
        const pending = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
            // Sent now: whoever asks from here on waits for a read of their own.
            waiting.delete(key);
            return forNoRequest(() => read(key));
        });
        waiting.set(key, pending);
        return pending;
    };
}
