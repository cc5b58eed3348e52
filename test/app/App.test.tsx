import { render, screen } from '@testing-library/react';
import { TestMemoryRouter } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { App } from '../../src/App';

/** A fake API for the few calls the shell makes. */
const stubApi = () =>
    vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
            if (url === '/api/me') return Response.json({ id: 1, name: 'Asha', email: 'a@x.in', roleId: 1, role: 'Admin' });
            if (url.startsWith('/api/categories?')) {
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
        expect(screen.getAllByText('Add Category').length).toBeGreaterThan(0);
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
