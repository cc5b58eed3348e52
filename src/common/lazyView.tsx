import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

import { ChunkFailed } from './ChunkFailed';
import { loadAgainOnce } from './loadAgainOnce';
import { withTimeout } from './withTimeout';

/** A view fetched on demand, whose fetch can also be started early (`preload`). */
export type LazyView<Props extends object> = LazyExoticComponent<ComponentType<Props>> & { preload: () => void };

/**
 * A view fetched when first shown (a chunk of its own, so the first load stays small). A chunk that fails
 * to load (a new deploy replaced it, the connection dropped) is asked for once more; then the view offers
 * to reload the app instead of breaking the page. Waiting gives up after 120 seconds. `preload()` starts the
 * fetch before the view is shown (the browser keeps the module, so showing it later does not fetch again).
 */
export function lazyView<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyView<Props> {
    const view = lazy(async () => {
        try {
            return { default: await withTimeout(loadAgainOnce(load)) };
        } catch (error) {
            const timedOut = error instanceof Error && error.message === 'timeout';
            return { default: (() => <ChunkFailed timedOut={timedOut} />) as ComponentType<Props> };
        }
    });
    // A failed early fetch is only a missed head start: showing the view asks again, with its retry.
    return Object.assign(view, { preload: () => void load().catch(() => undefined) });
}
