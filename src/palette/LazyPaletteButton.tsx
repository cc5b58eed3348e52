import { Suspense } from 'react';
import { Box } from '@mui/material';

import { lazyView } from '../common/lazyView';
import { loadAgainOnce } from '../common/loadAgainOnce';

/** In place of the button when its chunk cannot be loaded even on a second try: the app bar without it, nothing worse. */
const NoButton = () => null;

// The button and its keys come in a chunk of their own, fetched with the layout (the layout's `preloadParts`): the
// first load is at its ceiling (scripts/bundleSize.ts), and "/" must find the list's search box once the list shows.
const PaletteButton = lazyView(() => loadAgainOnce(() => import('./PaletteButton')).then(module => module.PaletteButton, () => NoButton));

/** Fetches the button's chunk; resolves once it is in (or failed). */
export const preloadPaletteButton = PaletteButton.preload;

/** The command palette's app bar button, once its chunk is in; its place is kept meanwhile so nothing moves. */
export const LazyPaletteButton = () => (
    <Suspense fallback={<Box component="span" sx={{ width: 40, flexShrink: 0 }} />}>
        <PaletteButton />
    </Suspense>
);
