import type { Hits, LimitCounter } from './counter';

type Callback = (error: Error | null, result?: Hits) => void;

/** What @fastify/rate-limit tells a store about a route when it makes the route's store. */
interface RouteLimit {
    groupId?: string;
    timeWindow?: unknown;
    routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store over a shared counter. The plugin gives each route a child store; a
 * child's keys start with its route, so routes count apart — except the routes of one `groupId`, which
 * share one prefix and so one count per client (the sign-in routes, over login, code and registration).
 */
export class SharedStore {
    constructor(
        private readonly counter: LimitCounter,
        private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
        this.counter.incr(this.prefix + key, timeWindow).then((result) => callback(null, result), callback);
    }

    read(key: string, callback: Callback, timeWindow: number) {
        this.counter.read(this.prefix + key, timeWindow).then((result) => callback(null, result), callback);
    }

    child(route: RouteLimit): SharedStore {
        if (typeof route.timeWindow === 'number') this.counter.declareWindow?.(route.timeWindow);
        // A window given as a function is only known per request: keep counts a day before sweeping them.
        else this.counter.declareWindow?.(24 * 60 * 60_000);
        const { method = '', url = '' } = route.routeInfo ?? {};
        return new SharedStore(this.counter, route.groupId ? `group:${route.groupId}|` : `${[method].flat().join(',')} ${url}|`);
    }
}

/** The class @fastify/rate-limit constructs (it passes its settings, which the store does not need). */
export const storeClass = (counter: LimitCounter) =>
    class extends SharedStore {
        constructor() {
            super(counter);
        }
    };
