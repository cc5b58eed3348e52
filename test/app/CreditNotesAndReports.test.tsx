import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { detailedOrder, orderDataProvider } from './orderFixtures';
import { renderAdmin } from './renderAdmin';

// The order page's credit notes and the GST returns screen: each download asks the API for its document.

function stubDownloads() {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response('%PDF-', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="doc"' } });
    }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    return { fetched, click };
}

afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
});

describe('credit notes on the order page', () => {
    it('lists each credit note with its kind, value and reason, and downloads it', async () => {
        const user = userEvent.setup();
        const { fetched, click } = stubDownloads();
        const cancelled = {
            ...detailedOrder,
            status: 'cancelled' as const,
            creditNotes: [
                { id: 7, number: 'CN/26-27/000007', issuedAt: '2026-11-22T06:30:00.000Z', kind: 'partial' as const, reason: 'Milk short', total: 62, refundAmount: 62 },
                { id: 9, number: 'CN/26-27/000009', issuedAt: '2026-11-23T06:30:00.000Z', kind: 'cancelled' as const, reason: 'Order cancelled', total: 968.79, refundAmount: 0 },
            ],
        };
        renderAdmin('/orders/42/show', orderDataProvider([cancelled]));
        const list = await screen.findByRole('list', { name: 'Credit notes' }, { timeout: 5000 });
        expect(within(list).getAllByRole('listitem')).toHaveLength(2);
        expect(within(list).getByText('Partial refund · 22/11/2026 · ₹62.00 · Milk short')).toBeInTheDocument();
        await user.click(within(list).getByRole('button', { name: 'CN/26-27/000009' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(fetched[0]).toMatch(/\/orderr\/42\/credit-notes\/9$/);
    });

    it('shows nothing for an order without credit notes', async () => {
        renderAdmin('/orders/42/show', orderDataProvider([detailedOrder]));
        await screen.findByRole('heading', { name: 'Order #42', level: 1 }, { timeout: 5000 });
        expect(screen.queryByRole('list', { name: 'Credit notes' })).not.toBeInTheDocument();
    });
});

describe('the GST returns screen', () => {
    it('downloads the GSTR-1 of a period in the chosen format and the sales register of the days', async () => {
        const user = userEvent.setup();
        const { fetched } = stubDownloads();
        renderAdmin('/reports', orderDataProvider([]), 1);
        const period = await screen.findByLabelText('Period', undefined, { timeout: 5000 });
        await user.clear(period);
        await user.type(period, '2026-13');
        const [gstr1, register] = screen.getAllByRole('button', { name: 'Download' });
        expect(gstr1).toBeDisabled();
        await user.clear(period);
        await user.type(period, '2026-Q3');
        await user.click(gstr1);
        await waitFor(() => expect(fetched).toHaveLength(1));
        expect(fetched[0]).toMatch(/\/reports\/gstr1\?period=2026-Q3&format=json$/);
        await user.click(register);
        await waitFor(() => expect(fetched).toHaveLength(2));
        expect(fetched[1]).toMatch(/\/reports\/sales-register\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    });
});
