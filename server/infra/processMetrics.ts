import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * prom-client's default metrics (event-loop lag, memory, CPU, handles, GC), in a registry of our own made once
 * per process: they describe the process, not an app, and each collection starts an event-loop monitor and a GC
 * observer that are never stopped, so one per app would pile up where many apps share a process (the tests).
 * Made at the first scrape, so a process nobody scrapes pays nothing.
 */
export function processMetrics(): Registry {
    if (!registry) {
        registry = new Registry();
        collectDefaultMetrics({ register: registry });
    }
    return registry;
}
