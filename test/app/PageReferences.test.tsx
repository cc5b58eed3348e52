import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { ROLE } from '../../schema/access';
import { fillCatalogue } from '../../scripts/benchCatalogue';
import { makeApp, signIn } from '../server/helpers';
import { asPhone } from './asPhone';
import { serveWith } from './realApi';

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
});

/** fillCatalogue's four GST rates, as the list names them: product n has rate (n % 4) + 1. */
const RATE_NAMES = ['IGST 0%', 'IGST 5%', 'IGST 12%', 'IGST 18%'];
const rateOf = (id: number) => RATE_NAMES[id % 4];

/** The whole app over the real API with 30 products, signed in as the administrator, at /products. */
async function openProducts(hold?: Parameters<typeof serveWith>[1]) {
    const t = await makeApp();
    await fillCatalogue(t.app.db, 30);
    const { authorization } = await signIn(t, 'admin@shop.test', ROLE.admin);
    const names = new Map((await t.app.db.selectFrom('products').select(['id', 'name']).execute()).map(row => [row.id, row.name]));
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    const calls = serveWith(t, hold);
    vi.resetModules();
    const { App } = await import('../../src/App');
    render(
        <TestMemoryRouter initialEntries={['/products']}>
            <App />
        </TestMemoryRouter>
    );
    return { calls, names };
}

const rateCalls = (calls: string[]) => calls.filter(call => /^GET \/api\/(v1\/)?gst\b/.test(call));

/**
 * A list reads the records its rows refer to once a page (PageReferencesProvider), not a
 * ReferenceField a row with a query observer, a subscription and a render of its own.
 */
describe("a list's reference column", () => {
    it("names each row's GST rate in the table, from one request for the page's rates", async () => {
        const { calls, names } = await openProducts();
        for (const id of [1, 2, 3, 4, 29, 30]) {
            const row = (await screen.findByText(names.get(id)!)).closest('tr')!;
            expect(await within(row).findByText(rateOf(id)), `product ${id}`).toBeInTheDocument();
        }
        await waitFor(() => expect(screen.getAllByText(/^IGST \d+%$/)).toHaveLength(30));
        expect(rateCalls(calls)).toHaveLength(1);
    }, 60_000);

    it("names each row's GST rate on a phone's list", async () => {
        asPhone();
        const { calls, names } = await openProducts();
        const row = (await screen.findByText(names.get(3)!)).closest('li')!;
        expect(await within(row).findByText(rateOf(3))).toBeInTheDocument();
        await waitFor(() => expect(screen.getAllByText(/^IGST \d+%$/)).toHaveLength(30));
        expect(rateCalls(calls)).toHaveLength(1);
    }, 60_000);

    it('says why in each row when the rates cannot be read, and keeps the rest of the row', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const { names } = await openProducts(call => (/^GET \/api\/(v1\/)?gst\b/.test(call) ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
        const row = (await screen.findByText(names.get(1)!)).closest('tr')!;
        expect(await within(row).findByText('The server cannot be reached. Check the connection and try again.')).toBeInTheDocument();
        // Product 1 costs 1000 + 7919 paise.
        expect(within(row).getByText('₹89.19')).toBeInTheDocument();
        expect(screen.queryByText(/^IGST \d+%$/)).not.toBeInTheDocument();
    }, 60_000);
});
