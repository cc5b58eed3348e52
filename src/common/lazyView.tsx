import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

import { ChunkFailed } from './ChunkFailed';
import { loadAgainOnce } from './loadAgainOnce';
import { withTimeout } from './withTimeout';

/** A view fetched on demand, whose fetch can also be started early (`preload`, which says when the view is in). */
export type LazyView<Props extends object> = ((props: Props) => ReactElement) & { preload: () => Promise<unknown> };

/**
 * A view fetched when first shown (a chunk of its own, so the first load stays small). A chunk that fails
 * to load (a new deploy replaced it, the connection dropped) is asked for once more; then the view offers
 * to reload the app instead of breaking the page. Waiting gives up after 120 seconds.
 *
 * `preload()` starts that same fetch before the view is shown, and a view already in is drawn at once. React's
 * `lazy` alone would suspend once even then: its Suspense shows the fallback, and React holds back what takes
 * the fallback's place until 300 ms after the fallback came (its throttle for revealed content), which a
 * first screen that preloads everything it needs would wait for with nothing to do.
 */
export function lazyView<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyView<Props> {
    let fetched: Promise<ComponentType<Props>> | undefined;
    let loaded: ComponentType<Props> | undefined;
    const fetchView = () =>
        (fetched ??= withTimeout(loadAgainOnce(load))
            .catch(error => {
                const timedOut = error instanceof Error && error.message === 'timeout';
                return (() => <ChunkFailed timedOut={timedOut} />) as ComponentType<Props>;
            })
            .then(view => (loaded = view)));
    const Suspending = lazy(() => fetchView().then(view => ({ default: view })));
    const View = (props: Props) => {
        // Which of the two this mount draws is settled once: changing the type under it would remount the view.
        const [InAlready] = useState(() => loaded);
        return createElement(InAlready ?? Suspending, props);
    };
    return Object.assign(View, { preload: fetchView });
}
