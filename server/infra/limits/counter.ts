/** A key's requests in its current window, and the milliseconds left of that window. */
export interface Hits {
    current: number;
    ttl: number;
}

/**
 * Where the rate limits count: one store that every instance of the server shares, so N instances
 * behind a load balancer allow what one allows. A window starts with its key's first request.
 */
export interface LimitCounter {
    /** Adds one request to the key's window (a new window when the last one is over) and answers the count. */
    incr(key: string, windowMs: number): Promise<Hits>;
    /** The key's window as it stands, without counting a request; 0 and 0 when there is none. */
    read(key: string, windowMs: number): Promise<Hits>;
    /** A route's window, told once at start: counts older than the longest may be dropped. */
    declareWindow?(windowMs: number): void;
    /** Resolves once the counter can count (a connection made), for the server to wait for at start. */
    opened?(): Promise<void>;
    close?(): Promise<void>;
    /** Answers when the store is reachable, throws when not (readiness); a store in the database has none. */
    ping?(): Promise<void>;
}
