import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { ROLE } from '../../schema/access';
import { fillCatalogue } from '../../scripts/benchCatalogue';
import { makeApp, signIn } from '../server/helpers';
import { serveWith } from './realApi';

// Views are fetched on first show (code splitting), and the real server answers each call.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

/** The whole app over the real API with 120 products, signed in as `roleId`, opened at /products as a browser opens it. */
async function openProducts(roleId: number) {
    const t = await makeApp();
    await fillCatalogue(t.app.db, 120);
    const email = roleId === ROLE.admin ? 'admin@shop.test' : 'seller@shop.test';
    const { authorization } = await signIn(t, email, roleId);
    const me = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    // The seller created products 2 and 4; nobody recorded created the others.
    await t.app.db.updateTable('products').set({ createdBy: me.id }).where('id', 'in', [2, 4]).execute();
    const names = new Map((await t.app.db.selectFrom('products').select(['id', 'name']).execute()).map(row => [row.id, row.name]));
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    const calls = serveWith(t);
    // A fresh app each time, as a page load has: the app keeps its query cache (the signed-in person) in the module.
    vi.resetModules();
    const { App, preloadFirstScreen } = await import('../../src/App');
    // As src/main.tsx: the first screen's data is asked for before the app is drawn.
    preloadFirstScreen('/products', '');
    await new Promise(resolve => setTimeout(resolve, 0));
    const askedBeforeDrawn = [...calls];
    render(
        <TestMemoryRouter initialEntries={['/products']}>
            <App />
        </TestMemoryRouter>
    );
    /** Product `id`'s row, once drawn. */
    const rowOf = async (id: number) => (await screen.findByText(names.get(id)!)).closest('tr')!;
    return { calls, askedBeforeDrawn, names, rowOf };
}

describe('the first list page', () => {
    it('is asked for once, as the app starts, and every row of the page is drawn', async () => {
        const { calls, askedBeforeDrawn, names, rowOf } = await openProducts(ROLE.admin);
        // One row a product: its own (position 1), its variants under it.
        const firstPage = 'GET /api/v1/products?filter=%7B%22position%22%3A1%7D&range=%5B0%2C99%5D&sort=%5B%22id%22%2C%22ASC%22%5D';
        expect(askedBeforeDrawn).toContain(firstPage);

        expect(await rowOf(1)).toBeInTheDocument();
        // The first rows come first; the rest of the page of 100 follows.
        expect(await rowOf(100)).toBeInTheDocument();
        expect(screen.queryByText(names.get(101)!)).not.toBeInTheDocument();
        await waitFor(() => expect(screen.getAllByRole('link', { name: 'Edit' })).toHaveLength(100));
        expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(100);

        const listCalls = calls.filter(call => call.startsWith('GET /api/v1/products?'));
        // The list drew the page fetched ahead, without asking for it again.
        expect(listCalls).toEqual([firstPage]);
        expect(calls.filter(call => call === 'GET /api/me')).toHaveLength(1);
        // jsdom draws the 100 rows with their buttons in about a minute on a loaded 2-core machine.
    }, 120_000);

    it('offers a seller Edit and Deactivate only on the products the seller created, and Delete nowhere, as the API allows', async () => {
        const { rowOf } = await openProducts(ROLE.seller);

        const own = await rowOf(2);
        // The buttons wait for the signed-in person (one /me for the whole list).
        expect(await within(own).findByRole('link', { name: 'Edit' })).toBeInTheDocument();
        expect(within(own).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();

        const others = await rowOf(3);
        expect(within(others).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
        expect(within(others).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
        expect(within(others).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
        await waitFor(() => expect(screen.getAllByRole('link', { name: 'Edit' })).toHaveLength(2));
        // Deleting a product is for administrators (schema/registry.ts: remove is 'admin' unless said otherwise).
        expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    }, 60_000);
});
