import { StrictMode, Suspense, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { App, preloadFirstScreen } from './App';

/**
 * Draws the app (react-admin) into the page's root at the address the browser shows now, having started to
 * fetch what its first screen needs. `loading` is shown until the app's layout is drawn (src/firstScreen/).
 */
export function renderAdmin(root: Root, loading?: ReactNode) {
    preloadFirstScreen(window.location.pathname, window.location.search);
    // Real paths rather than react-admin's default hash URLs: /login and the legacy bookmarks (/AddCategoryForm…) must work.
    // The pages outside the layout (registration, password reset) are fetched when shown: wait for them here.
    const router = createBrowserRouter([
        {
            path: '*',
            element: (
                <Suspense fallback={loading ?? null}>
                    <App loading={loading} />
                </Suspense>
            ),
        },
    ]);
    root.render(
        <StrictMode>
            <RouterProvider router={router} />
        </StrictMode>
    );
}
