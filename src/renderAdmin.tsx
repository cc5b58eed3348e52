import { StrictMode, Suspense, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { App, preloadFirstScreen } from './App';

/**
 * Draws the app (react-admin) into the page's root at the address the browser shows now, once what its first
 * screen needs is fetched. `loading` is shown until the app's layout is drawn (src/firstScreen/).
 */
export async function renderAdmin(root: Root, loading?: ReactNode) {
    // Drawn once the first screen's chunks are in (the frame or nothing stays meanwhile): views already in draw at
    // once, where a view still coming would show its fallback and hold the screen back after it (src/common/lazyView.tsx).
    await preloadFirstScreen(window.location.pathname, window.location.search);
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
