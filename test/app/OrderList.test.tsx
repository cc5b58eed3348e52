import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { makeOrders, orderDataProvider } from './orderFixtures';
import { renderAdmin } from './renderAdmin';

describe('OrderList', () => {
    it('shows 30 orders a page with Indian dates, rupee totals and status chips, and pages with Prev and Next', async () => {
        const user = userEvent.setup();
        const dataProvider = orderDataProvider(makeOrders(35));
        renderAdmin('/orders', dataProvider);

        expect(await screen.findByText('Page 1 of 2', undefined, { timeout: 5000 })).toBeInTheDocument();
        const rows = screen.getAllByRole('row').slice(1);
        expect(rows).toHaveLength(30);
        const first = rows[0];
        expect(within(first).getByText('35')).toBeInTheDocument();
        expect(within(first).getByText('₹1,035.49')).toBeInTheDocument();
        expect(within(first).getByText('22/11/2026')).toBeInTheDocument();
        // The time of day beside the date, and how it is paid.
        expect(within(first).getByText(/^\d{1,2}:\d{2} [ap]m$/)).toBeInTheDocument();
        expect(within(first).getByText(/^(Online|Cash on delivery)$/)).toBeInTheDocument();
        expect(within(first).getByText('Placed')).toBeInTheDocument();
        expect(within(first).getByText('Shimla Apples 1 kg × 3, Desi Ghee 1 L × 1')).toBeInTheDocument();
        for (const header of ['Order', 'Customer', 'Products', 'Total', 'Payment', 'Date and time', 'Status']) {
            expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
        }
        expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();

        await user.click(screen.getByRole('button', { name: 'Next' }));
        expect(await screen.findByText('Page 2 of 2', undefined, { timeout: 5000 })).toBeInTheDocument();
        await waitFor(() => expect(screen.getAllByRole('row').slice(1)).toHaveLength(5), { timeout: 5000 });
        expect(dataProvider.getList).toHaveBeenLastCalledWith('orders', expect.objectContaining({ pagination: { page: 2, perPage: 30 } }));
        expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    });

    it('searches by customer name on the server and says when nothing matches', async () => {
        const user = userEvent.setup();
        const dataProvider = orderDataProvider(makeOrders(35));
        renderAdmin('/orders', dataProvider);
        await screen.findByText('Page 1 of 2', undefined, { timeout: 5000 });

        await user.type(screen.getByPlaceholderText('Search customer name'), 'raghu');
        await waitFor(
            () =>
                expect(dataProvider.getList).toHaveBeenLastCalledWith('orders', expect.objectContaining({ filter: { q: 'raghu' }, pagination: { page: 1, perPage: 30 } })),
            { timeout: 5000 },
        );
        expect(await screen.findByText('Page 1 of 1', undefined, { timeout: 5000 })).toBeInTheDocument();
        expect(screen.getAllByText('Priya Raghunathan')).toHaveLength(12);
        // The search is kept for the next visit, and the list says so, with Clear.
        expect(screen.getByRole('status')).toHaveTextContent('Filters on (kept until you clear them):search “raghu”');

        await user.type(screen.getByPlaceholderText('Search customer name'), 'zzz');
        expect(await screen.findByText('No orders found', undefined, { timeout: 5000 })).toBeInTheDocument();
    });

    it("says 'No orders found' when the shop has none", async () => {
        renderAdmin('/orders', orderDataProvider([]));
        expect(await screen.findByText('No orders found', undefined, { timeout: 5000 })).toBeInTheDocument();
    });
});
