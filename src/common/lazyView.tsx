import { lazy, type ComponentType } from 'react';

import { ChunkFailed } from './ChunkFailed';

/** Spec §9: loading gives up after 120 seconds. */
export const LOAD_TIMEOUT_MS = 120_000;

const withTimeout = <T,>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS);
        promise.then(resolve, reject).finally(() => clearTimeout(timer));
    });

/**
 * A view fetched when first shown (a chunk of its own, so the first load stays small). A chunk that fails
 * to load (a new deploy replaced it, the connection dropped) is asked for once more; then the view offers
 * to reload the app instead of breaking the page. Waiting gives up after 120 seconds.
 */
export function lazyView<Props extends object>(load: () => Promise<ComponentType<Props>>) {
    return lazy(async () => {
        try {
            return { default: await withTimeout(load().catch(() => new Promise(resolve => setTimeout(resolve, 1000)).then(load))) };
        } catch (error) {
            const timedOut = error instanceof Error && error.message === 'timeout';
            return { default: (() => <ChunkFailed timedOut={timedOut} />) as ComponentType<Props> };
        }
    });
}
