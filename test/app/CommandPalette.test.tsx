import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, AdminUI, Resource, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18nProvider } from '../../src/i18n';
import { Layout } from '../../src/layout/Layout';
import { resources } from '../../src/resources';
import { gstRates, inMemoryDataProvider } from './catalogueFixtures';
import { fetchCall, stubFetch } from './fetchStub';

// The palette is a chunk of its own, fetched on first open, which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

const found = {
    products: [{ id: 7, label: 'Amul Gold Milk 1 L' }],
    orders: [{ id: 12, label: '#12 Meera Iyer', detail: 'placed' }],
    users: [],
};

function renderApp(path: string) {
    let pathname = path;
    render(
        <TestMemoryRouter initialEntries={[path]} locationCallback={location => (pathname = location.pathname)}>
            <AdminContext dataProvider={inMemoryDataProvider({ gst: gstRates })} i18nProvider={i18nProvider}>
                <AdminUI layout={Layout}>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );
    return { where: () => pathname };
}

describe('the command palette', () => {
    it('opens with Ctrl+K, asks the server once typing pauses, groups what it finds, and opens the record chosen', { timeout: 60_000 }, async () => {
        const fetch = stubFetch(200, found);
        const user = userEvent.setup();
        const app = renderApp('/gst');
        await screen.findByRole('button', { name: 'Search the shop (Ctrl+K)' });

        await user.keyboard('{Control>}k{/Control}');
        const box = await screen.findByRole('combobox', { name: 'Search the shop' });
        await waitFor(() => expect(box).toHaveFocus());
        await user.type(box, 'm');
        await new Promise(resolve => setTimeout(resolve, 400));
        expect(fetch).not.toHaveBeenCalled(); // one letter asks nothing
        await user.type(box, 'ee');

        const listbox = await screen.findByRole('listbox');
        await within(listbox).findByRole('option', { name: /#12 Meera Iyer/ });
        // The pause, not each key, asks: "mee" typed at once is one call. On a loaded machine the two keys can
        // fall either side of a pause, so "me" may be asked first; never one letter, never more than the pauses.
        const asked = fetch.mock.calls.map((_, i) => fetchCall(fetch, i).url);
        expect(asked.at(-1)).toBe('/api/search?q=mee');
        expect(asked.length).toBeLessThanOrEqual(2);
        expect(asked.filter(url => url !== '/api/search?q=mee')).toEqual(asked.length === 2 ? ['/api/search?q=me'] : []);
        const headings = within(listbox).getAllByRole('group').map(group => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent);
        expect(headings).toEqual(['Products', 'Orders']);
        expect(within(listbox).getByRole('option', { name: /#12 Meera Iyer/ })).toHaveTextContent('Placed');

        // One option is active (aria-activedescendant); the arrows and Enter are the Chromium journey's (test/e2e/palette.e2e.ts).
        const [product, order] = within(listbox).getAllByRole('option');
        await waitFor(() => expect([product.id, order.id]).toContain(box.getAttribute('aria-activedescendant')));
        await user.click(order);
        await waitFor(() => expect(app.where()).toBe('/orders/12/show'));
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('finds screens by the menu’s names, and closes with Escape', { timeout: 60_000 }, async () => {
        stubFetch(200, {});
        const user = userEvent.setup();
        const app = renderApp('/gst');
        await user.click(await screen.findByRole('button', { name: 'Search the shop (Ctrl+K)' }));
        const box = await screen.findByRole('combobox', { name: 'Search the shop' });
        await user.type(box, 'pinc');
        await screen.findByRole('option', { name: 'Pincode' });
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(app.where()).toBe('/gst');

        await user.click(await screen.findByRole('button', { name: 'Search the shop (Ctrl+K)' }));
        await user.type(await screen.findByRole('combobox', { name: 'Search the shop' }), 'pinc');
        await screen.findByRole('option', { name: 'Pincode' });
        await user.keyboard('{Enter}');
        await waitFor(() => expect(app.where()).toBe('/pincode'));
    });

    it('says what went wrong when the server refuses', async () => {
        stubFetch(400, { success: false, message: 'Please type between 2 and 100 characters to search' });
        const user = userEvent.setup();
        renderApp('/gst');
        await user.click(await screen.findByRole('button', { name: 'Search the shop (Ctrl+K)' }));
        await user.type(await screen.findByRole('combobox', { name: 'Search the shop' }), 'zz');
        expect(await screen.findByText('The search did not answer: Please type between 2 and 100 characters to search')).toBeInTheDocument();
    });
});
