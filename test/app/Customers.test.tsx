import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider, GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { Customer } from '../../src/resources/customers/customer';
import { detailedOrder, makeOrders, orderDataProvider } from './orderFixtures';
import { renderAdmin } from './renderAdmin';

const asha: Customer = {
    id: 10,
    name: 'Asha Sharma',
    email: 'asha@shop.test',
    contactNo: '9876543210',
    address: '12 MG Road, Bengaluru',
    pincode: '560034',
    gstin: '29AAACF1234A1Z5',
    businessName: 'Sharma Stores',
    status: 1,
    orders: 3,
    lifetimeSpend: 1142.49,
    lastOrderAt: '2026-11-22T05:30:00.000Z',
    createdAt: '2026-03-05T10:00:00.000Z',
};
const ravi: Customer = { ...asha, id: 11, name: 'Ravi Kumar', email: 'ravi@shop.test', contactNo: null, gstin: null, businessName: null, orders: 0, lifetimeSpend: 0, lastOrderAt: null };

/** Customers as GET /api/v1/customers answers them, beside the order fixtures. */
const shop = (overrides = {}) => {
    const orders = orderDataProvider(makeOrders(5), overrides);
    return {
        ...orders,
        getList: vi.fn(async (resource: string, params: GetListParams) =>
            resource === 'customers' ? { data: [asha, ravi], total: 2 } : orders.getList(resource, params),
        ) as DataProvider['getList'],
        getOne: vi.fn(async (resource: string, params: { id: unknown }) =>
            resource === 'customers' ? { data: [asha, ravi].find(c => String(c.id) === String(params.id))! } : orders.getOne(resource, params as never),
        ) as DataProvider['getOne'],
        getManyReference: vi.fn(async () => ({ data: makeOrders(3), total: 3 })) as DataProvider['getManyReference'],
    };
};

describe('the Customers screen', () => {
    it('lists each customer with phone, e-mail, orders, lifetime spend, last order and GSTIN', async () => {
        renderAdmin('/customers', shop());
        const row = (await screen.findByText('Asha Sharma', undefined, { timeout: 10_000 })).closest('tr')!;
        for (const text of ['9876543210', 'asha@shop.test', '3', '₹1,142.49', '22/11/2026', '29AAACF1234A1Z5']) expect(within(row).getByText(text)).toBeInTheDocument();
        const other = screen.getByText('Ravi Kumar').closest('tr')!;
        expect(within(other).getByText('No orders yet')).toBeInTheDocument();
        for (const header of ['Name', 'Phone', 'E-mail', 'Orders', 'Lifetime spend', 'Last order', 'GSTIN']) {
            expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
        }
        expect(screen.getByPlaceholderText('Search by name, phone or e-mail')).toBeInTheDocument();
    });

    it("shows one customer: how to reach them, their figures, and their order history", async () => {
        const dataProvider = shop();
        renderAdmin('/customers/10/show', dataProvider);
        expect(await screen.findByRole('heading', { name: 'Asha Sharma', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
        expect(screen.getByRole('link', { name: '9876543210' })).toHaveAttribute('href', 'tel:9876543210');
        expect(screen.getByRole('link', { name: 'asha@shop.test' })).toHaveAttribute('href', 'mailto:asha@shop.test');
        expect(screen.getByText('29AAACF1234A1Z5 · Sharma Stores')).toBeInTheDocument();
        expect(screen.getByText('₹1,142.49')).toBeInTheDocument();
        await waitFor(() => expect(dataProvider.getManyReference).toHaveBeenCalledWith('orders', expect.objectContaining({ target: 'customerId', id: 10 })));
        expect(await screen.findByRole('heading', { name: 'Orders', level: 2 })).toBeInTheDocument();
    });
});

describe("the rider's order page", () => {
    it('links the customer, gives the phone to call, and saves a delivery note', async () => {
        const user = userEvent.setup();
        const order = { ...detailedOrder, customer: { ...detailedOrder.customer, phone: '9876543210' }, deliveryNote: null };
        const dataProvider = orderDataProvider([order]);
        renderAdmin('/orders/42/show', dataProvider);
        await screen.findByRole('heading', { name: 'Order #42', level: 1 }, { timeout: 10_000 });
        expect(screen.getByRole('link', { name: 'Asha Sharma' })).toHaveAttribute('href', '/customers/10/show');
        expect(screen.getByRole('link', { name: '9876543210' })).toHaveAttribute('href', 'tel:9876543210');
        expect(screen.getByRole('button', { name: 'Label (A6)' })).toBeInTheDocument();

        const save = screen.getByRole('button', { name: 'Save note' });
        expect(save).toBeDisabled();
        await user.type(screen.getByLabelText('Delivery note'), 'Gate 2, call first');
        await user.click(save);
        await waitFor(() => expect(dataProvider.setDeliveryNote).toHaveBeenCalledWith(42, 'Gate 2, call first'));
        expect(await screen.findByText('Delivery note saved')).toBeInTheDocument();
    });

    it('says when the customer gave no phone', async () => {
        renderAdmin('/orders/42/show', orderDataProvider([{ ...detailedOrder, customer: { ...detailedOrder.customer, phone: null } }]));
        expect(await screen.findByText('No phone given', undefined, { timeout: 10_000 })).toBeInTheDocument();
    });
});
