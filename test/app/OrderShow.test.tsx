import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { conflictError, detailedOrder, orderDataProvider } from './orderFixtures';
import { renderAdmin } from './renderAdmin';

describe('OrderShow', () => {
    it('shows the lines, GST part, discount, delivery, payment reference and status history', async () => {
        renderAdmin('/orders/42/show', orderDataProvider([detailedOrder]));

        expect(await screen.findByRole('heading', { name: 'Order #42', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
        const lines = screen.getByRole('table', { name: 'Items' });
        const ghee = within(lines).getByText('Desi Ghee 1 L').closest('tr')!;
        expect(within(ghee).getAllByText('₹549.99')).toHaveLength(2);
        expect(within(ghee).getByText('18%')).toBeInTheDocument();
        expect(within(ghee).getByText('₹83.90')).toBeInTheDocument();
        const total = (label: string) => within(lines).getByText(label).closest('tr')!.lastElementChild!.textContent;
        expect(total('Items (GST included)')).toBe('₹1,116.99');
        expect(total('of which GST')).toBe('₹110.90');
        expect(total('Discount (Coupon SAVE10)')).toBe('− ₹111.70');
        expect(total('Delivery charge')).toBe('₹25.50');
        expect(total('Total')).toBe('₹1,030.79');
        expect(screen.getByText('Payment reference: pay_test1234567890')).toBeInTheDocument();
        expect(screen.getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
        const history = screen.getByRole('list', { name: 'Status history' });
        expect(within(history).getAllByRole('listitem')).toHaveLength(2);
        expect(within(history).getByText('Payment pay_test1234567890 verified')).toBeInTheDocument();
        expect(within(history).getByText('22/11/26, 1:30 am IST by Asha Sharma')).toBeInTheDocument();
    });

    it('offers only the next allowed statuses and moves the order with a note', async () => {
        const user = userEvent.setup();
        const dataProvider = orderDataProvider([detailedOrder]);
        renderAdmin('/orders/42/show', dataProvider);

        await screen.findByRole('heading', { name: 'Order #42', level: 1 }, { timeout: 5000 });
        const buttons = screen.getAllByRole('button', { name: /^Mark / }).map(b => b.textContent);
        expect(buttons).toEqual(['Mark Packed', 'Mark Cancelled']);

        await user.type(screen.getByLabelText('Note (optional)'), 'Two bags');
        await user.click(screen.getByRole('button', { name: 'Mark Packed' }));
        expect(dataProvider.moveOrder).toHaveBeenCalledWith(42, 'packed', 'Two bags');
        expect(await screen.findByText('Order 42 is now packed', undefined, { timeout: 5000 })).toBeInTheDocument();
    });

    it('offers a seller the refund disabled, saying only an administrator can refund; an administrator refunds', async () => {
        const user = userEvent.setup();
        const cancelledAfterPayment = { ...detailedOrder, status: 'cancelled' as const, nextStatuses: ['refunded' as const] };
        const { unmount } = renderAdmin('/orders/42/show', orderDataProvider([cancelledAfterPayment]), 2);
        const refund = await screen.findByRole('button', { name: 'Mark Refunded' }, { timeout: 5000 });
        expect(refund).toBeDisabled();
        expect(refund).toHaveAccessibleDescription('Only an administrator can refund an order.');
        unmount();

        const dataProvider = orderDataProvider([cancelledAfterPayment]);
        renderAdmin('/orders/42/show', dataProvider, 1);
        const enabled = await screen.findByRole('button', { name: 'Mark Refunded' }, { timeout: 5000 });
        expect(enabled).toBeEnabled();
        expect(screen.queryByText('Only an administrator can refund an order.')).not.toBeInTheDocument();
        await user.click(enabled);
        // A refund asks first (test/app/OrderTools.test.tsx says what the question holds).
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund' }));
        expect(dataProvider.moveOrder).toHaveBeenCalledWith(42, 'refunded', '');
    });

    it("shows the server's reason when a move is refused", async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        const moveOrder = vi.fn().mockRejectedValue(conflictError('Someone else changed this order just now; reload it to see its status and try again'));
        renderAdmin('/orders/42/show', orderDataProvider([detailedOrder], { moveOrder }));

        await user.click(await screen.findByRole('button', { name: 'Mark Cancelled' }, { timeout: 5000 }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the order' }));
        expect(await screen.findByText('Someone else changed this order just now; reload it to see its status and try again', undefined, { timeout: 5000 })).toBeInTheDocument();
    });

    it('shows the refund reference of a refunded order, and a cash refund as made by hand', async () => {
        const refunded = { ...detailedOrder, status: 'refunded' as const, nextStatuses: [], refundReference: 'rfnd_Kx8TvBq3LmN2Pz', refundedAt: '2026-11-22T06:30:00.000Z' };
        const { unmount } = renderAdmin('/orders/42/show', orderDataProvider([refunded]));
        expect(await screen.findByText('Refunded on 22/11/26, 12:00 pm IST, refund reference rfnd_Kx8TvBq3LmN2Pz', undefined, { timeout: 5000 })).toBeInTheDocument();
        expect(screen.getByText('Payment reference: pay_test1234567890')).toBeInTheDocument();
        unmount();
        renderAdmin('/orders/42/show', orderDataProvider([{ ...refunded, paymentMethod: 'cod', paymentReference: null, refundReference: 'manual' }]));
        expect(await screen.findByText('Refunded by hand (cash) on 22/11/26, 12:00 pm IST', undefined, { timeout: 5000 })).toBeInTheDocument();
        expect(screen.queryByText(/refund reference/)).not.toBeInTheDocument();
    });

    it('says when an order is finished', async () => {
        renderAdmin('/orders/42/show', orderDataProvider([{ ...detailedOrder, status: 'refunded', nextStatuses: [] }]));
        expect(await screen.findByText('This order is finished: no further status applies.', undefined, { timeout: 5000 })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument();
    });
});
