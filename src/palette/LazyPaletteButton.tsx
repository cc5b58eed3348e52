import { lazy, Suspense, type ComponentType } from 'react';
import { Box } from '@mui/material';

// The button and its keys come in a chunk of their own, fetched as the app bar first shows: the first load is at
// its ceiling (scripts/bundleSize.ts). A chunk that fails to load leaves the app bar without the button, nothing worse.
const PaletteButton = lazy((): Promise<{ default: ComponentType }> =>
    import('./PaletteButton').then(
        module => ({ default: module.PaletteButton }),
        () => ({ default: () => null })
    )
);

/** The command palette's app bar button, once its chunk is in; its place is kept meanwhile so nothing moves. */
export const LazyPaletteButton = () => (
    <Suspense fallback={<Box component="span" sx={{ width: 40, flexShrink: 0 }} />}>
        <PaletteButton />
    </Suspense>
);
