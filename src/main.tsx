import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { App, preloadFirstScreen } from './App';

// Real paths rather than react-admin's default hash URLs: /login and the legacy bookmarks (/AddCategoryForm…) must work.
// The pages outside the layout (registration, password reset) are fetched when shown: wait for them here.
const router = createBrowserRouter([
    {
        path: '*',
        element: (
            <Suspense fallback={null}>
                <App />
            </Suspense>
        ),
    },
]);

preloadFirstScreen(window.location.pathname, window.location.search);

createRoot(document.getElementById('root')!).render(
    <StrictMode>
        <RouterProvider router={router} />
    </StrictMode>
);
