import { render, screen } from '@testing-library/react';
import { TestMemoryRouter } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { App } from '../../src/App';

/** A fake API for the few calls the shell makes. */
const stubApi = () =>
    vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
            if (url === '/api/me') return Response.json({ id: 1, name: 'Asha', email: 'a@x.in', roleId: 1, role: 'Admin' });
            // The app reads schema entities through /api/v1 (the legacy path answers alike).
            if (url.startsWith('/api/v1/categories?') || url.startsWith('/api/categories?')) {
                return Response.json([{ id: 1, name: 'Fruits', description: 'Fresh', image: null, status: 1 }], {
                    headers: { 'X-Total-Count': '1', 'Content-Range': 'items 0-0/1' },
                });
            }
            return Response.json({ success: false, message: 'Not found' }, { status: 404 });
        })
    );

const renderAt = (path: string) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <App />
        </TestMemoryRouter>
    );

describe('App', () => {
    // The views and the layout load on first show (code splitting). Loaded here first, under the hook's own time
    // limit: on a busy machine, transforming them takes longer than a test should wait for a screen.
    beforeAll(async () => {
        await Promise.all([
            import('../../src/layout/Layout'),
            import('../../src/layout/Login'),
            import('../../src/AppNotification'),
            import('../../src/crud/SchemaList'),
            import('../../src/dashboard/Dashboard'),
        ]);
    }, 180_000);

    it('sends a signed-out visitor to the login page', async () => {
        stubApi();
        renderAt('/categories');

        expect(await screen.findByText('Sign in to Grocer Back-office')).toBeInTheDocument();
    });

    it('redirects a legacy path, whatever its case, to the react-admin screen', async () => {
        localStorage.setItem('token', 'tok');
        stubApi();
        renderAt('/AddCategoryForm');

        // Views and the layout are fetched on first show (code splitting): on a loaded machine that takes a while.
        expect(await screen.findByText('Fruits', {}, { timeout: 45_000 })).toBeInTheDocument();
        expect(screen.getAllByText('Categories').length).toBeGreaterThan(0);
        expect(screen.getByText('Designed by Freshcart Labs')).toBeInTheDocument();
    }, 60_000);

    it('shows the dashboard with its countdown at the legacy /layout path', async () => {
        localStorage.setItem('token', 'tok');
        stubApi();
        renderAt('/layout');

        expect(await screen.findByText('Coming Soon', {}, { timeout: 45_000 })).toBeInTheDocument();
        expect(await screen.findByText('Welcome, Asha')).toBeInTheDocument();
        expect(screen.getByRole('progressbar', { name: 'Launch progress' })).toBeInTheDocument();
    }, 60_000);
});
