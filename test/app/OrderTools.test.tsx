import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type GetManyReferenceParams, type GetOneParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { OrderAccountsRow } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import en from '../../src/i18n/en';
import { ordersCsv } from '../../src/resources/orders/orderExporter';
import type { Order } from '../../src/resources/orders/orderStatuses';
import { conflictError, detailedOrder, makeOrders, orderDataProvider } from './orderFixtures';
import { renderAdmin } from './renderAdmin';

// These screens render whole tables in jsdom: slow on a busy machine, so wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });

const english = (key: string, options?: object) => i18nProvider.translate(key, options);

describe('delivered, cancel and refund ask first', () => {
    it('asks before cancelling, with the amount and the units that go back on the shelf; Go back leaves the order as it is', async () => {
        const user = userEvent.setup();
        const orderStock = vi.fn(async () => ({ data: { units: 3, lines: [{ productId: 1, name: 'Shimla Apples 1 kg', units: 3 }] } }));
        const dataProvider = orderDataProvider([detailedOrder], { orderStock });
        renderAdmin('/orders/42/show', dataProvider, 1);

        await user.click(await screen.findByRole('button', { name: 'Mark Cancelled' }));
        const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
        expect(within(dialog).getByText('The order of ₹1,030.79 is cancelled. This cannot be undone.')).toBeInTheDocument();
        // It was paid: an administrator is offered its refund in the same step, ticked.
        expect(within(dialog).getByRole('checkbox', { name: 'Refund the ₹1,030.79 paid in the same step' })).toBeChecked();
        expect(await within(dialog).findByText('The 3 units this order took go back on the shelf.')).toBeInTheDocument();
        expect(orderStock).toHaveBeenCalledWith(42);

        await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(dataProvider.moveOrder).not.toHaveBeenCalled();

        await user.type(screen.getByLabelText('Note (optional)'), 'Customer called');
        await user.click(screen.getByRole('button', { name: 'Mark Cancelled' }));
        // Cancelled without its refund, the order is only cancelled (refunded later, from its page).
        await user.click(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Refund the ₹1,030.79 paid in the same step' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the order' }));
        expect(dataProvider.moveOrder).toHaveBeenCalledWith(42, 'cancelled', 'Customer called');
        expect(dataProvider.moveOrder).toHaveBeenCalledTimes(1);
        expect(await screen.findByText('Order 42 is now cancelled')).toBeInTheDocument();
    });

    it('asks before refunding, saying how the money goes back and that no stock does when none is held', async () => {
        const user = userEvent.setup();
        const deliveredCod: Order = { ...detailedOrder, paymentMethod: 'cod', status: 'delivered', nextStatuses: ['refunded'] };
        const dataProvider = orderDataProvider([deliveredCod]);
        renderAdmin('/orders/42/show', dataProvider, 1);

        await user.click(await screen.findByRole('button', { name: 'Mark Refunded' }));
        const dialog = await screen.findByRole('dialog', { name: 'Refund order #42?' });
        expect(within(dialog).getByText('₹1,030.79 goes back to the customer by hand, in cash.')).toBeInTheDocument();
        expect(await within(dialog).findByText('No stock goes back on the shelf: this order holds none that is tracked.')).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
        expect(dataProvider.moveOrder).toHaveBeenCalledWith(42, 'refunded', '');
    });

    it('asks before marking delivered, saying it is final and that cash on delivery then counts as paid', async () => {
        const user = userEvent.setup();
        const outCod: Order = { ...detailedOrder, paymentMethod: 'cod', paidAt: null, status: 'out_for_delivery', nextStatuses: ['delivered', 'cancelled'] };
        const dataProvider = orderDataProvider([outCod]);
        renderAdmin('/orders/42/show', dataProvider, 1);

        await user.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
        const dialog = await screen.findByRole('dialog', { name: 'Mark order #42 delivered?' });
        expect(within(dialog).getByText('This cannot be undone: a delivered order can afterwards only be refunded.')).toBeInTheDocument();
        expect(within(dialog).getByText('The ₹1,030.79 in cash counts as received, and the tax invoice is issued.')).toBeInTheDocument();
        expect(dataProvider.moveOrder).not.toHaveBeenCalled();
        await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
        expect(dataProvider.moveOrder).toHaveBeenCalledWith(42, 'delivered', '');
    });

    it('says one unit, an online refund, and when the stock could not be checked', async () => {
        expect(english('resources.orders.confirm.stock_back', { smart_count: 1 })).toBe('The 1 unit this order took goes back on the shelf.');
        expect(english('resources.orders.confirm.refunded_online', { amount: '₹10.00' })).toBe('₹10.00 goes back to the customer through the payment provider.');
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        const orderStock = vi.fn().mockRejectedValue(new Error('offline'));
        renderAdmin('/orders/42/show', orderDataProvider([detailedOrder], { orderStock }), 1);
        await user.click(await screen.findByRole('button', { name: 'Mark Cancelled' }));
        expect(await within(await screen.findByRole('dialog')).findByText('The stock this order holds could not be checked.')).toBeInTheDocument();
    });

    it('asks in Hindi too', async () => {
        const hi = (await import('../../src/i18n/hi')).default as typeof en;
        const words = hi.resources as unknown as { orders: { confirm: Record<string, string> } };
        expect(words.orders.confirm.cancelled_title).toBe('ऑर्डर #%{id} रद्द करें?');
        expect(words.orders.confirm.stock_back).toMatch(/%\{smart_count\} इकाइयाँ वापस शेल्फ़ पर जाएँगी/);
        expect(words.orders.confirm.stock_none).toMatch(/^कोई स्टॉक/);
    });
});

describe('the order list tools', () => {
    it('shows status tabs counted under the other filters, and a tab filters the list', async () => {
        const user = userEvent.setup();
        const dataProvider = orderDataProvider(makeOrders(35));
        renderAdmin('/orders', dataProvider, 1);

        expect(await screen.findByRole('tab', { name: 'All (35)' })).toHaveAttribute('aria-selected', 'true');
        expect(screen.getByRole('tab', { name: 'Placed (18)' })).toBeInTheDocument();
        expect(screen.getByRole('tab', { name: 'Delivered (17)' })).toBeInTheDocument();
        expect(screen.getByRole('tab', { name: 'Packed (0)' })).toBeInTheDocument();
        expect(dataProvider.orderCounts).toHaveBeenCalledWith({});

        await user.click(screen.getByRole('tab', { name: 'Delivered (17)' }));
        await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('orders', expect.objectContaining({ filter: { status: 'delivered' } })));
        expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
        expect(screen.getByRole('tab', { name: 'Delivered (17)' })).toHaveAttribute('aria-selected', 'true');
        // The counts leave the status out, so every tab keeps its number.
        expect(dataProvider.orderCounts).not.toHaveBeenCalledWith(expect.objectContaining({ status: 'delivered' }));

        await user.type(screen.getByPlaceholderText('Search customer name'), 'raghu');
        await waitFor(() => expect(dataProvider.orderCounts).toHaveBeenLastCalledWith({ q: 'raghu' }));
        expect(await screen.findByRole('tab', { name: 'All (12)' })).toBeInTheDocument();
    });

    it('marks the selected orders packed one by one, and says how many moved and which could not, and why', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        const moveOrder = vi.fn(async (id: unknown, status: string) => {
            if (id === 34) throw conflictError('An order that is delivered cannot be moved to packed');
            return { data: { id: id as number, status }, message: `Order ${String(id)} is now ${status}` };
        });
        const dataProvider = orderDataProvider(makeOrders(35), { moveOrder });
        renderAdmin('/orders', dataProvider, 1);

        await screen.findByText('Page 1 of 2');
        const rows = screen.getAllByRole('row').slice(1, 4); // orders 35, 34, 33
        for (const row of rows) await user.click(within(row).getByRole('checkbox'));
        await user.click(screen.getByRole('button', { name: 'Mark packed' }));

        await waitFor(() => expect(moveOrder).toHaveBeenCalledTimes(3));
        expect(moveOrder.mock.calls).toEqual([
            [35, 'packed'],
            [34, 'packed'],
            [33, 'packed'],
        ]);
        expect(await screen.findByText(/2 orders marked packed/)).toBeInTheDocument();
        expect(screen.getByText(/1 could not be marked packed:/)).toBeInTheDocument();
        expect(screen.getByText(/Order #34: An order that is delivered cannot be moved to packed/)).toBeInTheDocument();
        // The one that could not stays selected, to try again or look at.
        expect(within(screen.getAllByRole('row')[2]).getByRole('checkbox')).toBeChecked();
        expect(within(screen.getAllByRole('row')[1]).getByRole('checkbox')).not.toBeChecked();
    });

    it('says so when every selected order moved', async () => {
        const user = userEvent.setup();
        const dataProvider = orderDataProvider(makeOrders(5));
        renderAdmin('/orders', dataProvider, 1);
        await screen.findByText('Page 1 of 1');
        await user.click(within(screen.getAllByRole('row')[1]).getByRole('checkbox'));
        await user.click(screen.getByRole('button', { name: 'Mark packed' }));
        expect(await screen.findByText('1 order marked packed')).toBeInTheDocument();
    });

    it('exports every order the filters and the tab match, as CSV', async () => {
        const user = userEvent.setup();
        const rows: OrderAccountsRow[] = [
            {
                id: 35,
                createdAt: '2026-11-22T05:30:00.000Z',
                customerName: 'Asha Sharma',
                customerEmail: 'asha@shop.test',
                pincode: '560034',
                paymentMethod: 'cod',
                status: 'delivered',
                subtotal: 1116.99,
                taxTotal: 110.9,
                deliveryCharge: 25.5,
                discount: 0,
                totalPrice: 1142.49,
            },
        ];
        const exportOrders = vi.fn(async () => ({ data: rows }));
        let csv: Blob | undefined;
        vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((csv = blob), 'blob:orders') }));
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
        const dataProvider = orderDataProvider(makeOrders(35), { exportOrders });
        renderAdmin('/orders', dataProvider, 1);

        await user.click(await screen.findByRole('tab', { name: 'Delivered (17)' }));
        await screen.findByText('Page 1 of 1');
        await user.click(screen.getByRole('button', { name: 'Export' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(exportOrders).toHaveBeenCalledWith({ filter: { status: 'delivered' }, sort: { field: 'createdAt', order: 'DESC' } });
        const text = await new Promise<string>(resolve => {
            const reader = new FileReader();
            // Decoded keeping the byte-order mark, which spreadsheets need to read UTF-8.
            reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
            reader.readAsArrayBuffer(csv!);
        });
        expect(text.split('\r\n')).toEqual([
            '\ufeffOrder number,Placed at,Customer,E-mail,Phone,Pincode,Payment method,Status,Subtotal,Tax,Delivery,Discount,Total',
            '35,2026-11-22 11:00,Asha Sharma,asha@shop.test,,560034,Cash on delivery,Delivered,1116.99,110.9,25.5,0,1142.49',
        ]);
    });
});

describe('the orders CSV', () => {
    const row: OrderAccountsRow = {
        id: 7,
        createdAt: '2026-03-31T19:00:00.000Z',
        customerName: '=HYPERLINK("x")',
        customerEmail: 'a@b.test',
        customerPhone: '9876543210',
        pincode: '110001',
        paymentMethod: 'online',
        status: 'paid',
        subtotal: 100000,
        taxTotal: 15254.24,
        deliveryCharge: 0,
        discount: 12.5,
        totalPrice: 99987.5,
        invoiceNumber: 'INV/2026-27/000001',
    };

    it('writes amounts as plain numbers, the shop’s time, words for method and status, and the invoice number when orders carry one', () => {
        const [header, line] = ordersCsv([row, { ...row, id: 8, invoiceNumber: null }], english).split('\r\n');
        expect(header).toBe('Order number,Placed at,Customer,E-mail,Phone,Pincode,Payment method,Status,Subtotal,Tax,Delivery,Discount,Total,Invoice number');
        expect(line).toBe(`7,2026-04-01 00:30,"'=HYPERLINK(""x"")",a@b.test,9876543210,110001,Online,Paid,100000,15254.24,0,12.5,99987.5,INV/2026-27/000001`);
        expect(ordersCsv([row, { ...row, id: 8, invoiceNumber: null }], english).split('\r\n')[2]).toMatch(/,99987\.5,$/);
        expect(ordersCsv([row], english)).not.toContain('₹');
        const { invoiceNumber: _, ...withoutInvoices } = row;
        expect(ordersCsv([withoutInvoices], english).split('\r\n')[0]).not.toContain('Invoice number');
    });
});

describe("a user's page", () => {
    it('shows their order count, what they spent and their orders, each opening its page', async () => {
        const user = userEvent.setup();
        const asha = { id: 10, name: 'Asha Sharma', email: 'asha@shop.test', roleId: 3, status: 1, createdAt: '2026-01-01T00:00:00.000Z' };
        const orders = makeOrders(12).filter(order => order.customer.id === 10);
        const base = orderDataProvider(makeOrders(12), {
            customerOrderSummary: vi.fn(async () => ({ data: { customerId: 10, orders: orders.length, paidOrders: 2, totalSpent: 2057.98, lastOrderAt: orders[0].createdAt } })),
        });
        const getOne = vi.fn(async (resource: string, params: GetOneParams) => (resource === 'users' ? { data: asha } : base.getOne(resource, params)));
        const getManyReference = vi.fn(async (_resource: string, { target, id, pagination }: GetManyReferenceParams) => {
            const mine = orders.filter(order => target === 'customerId' && order.customer.id === id);
            return { data: mine.slice(0, pagination.perPage), total: mine.length };
        });
        const dataProvider = { ...testDataProvider(), ...base, getOne, getManyReference } as typeof base;
        renderAdmin('/users/10/show', dataProvider, 2);

        expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
        expect(await screen.findByText('4 orders')).toBeInTheDocument();
        expect(screen.getByText('₹2,057.98 spent')).toBeInTheDocument();
        expect(screen.getByText('on 2 paid orders (not cancelled or refunded)')).toBeInTheDocument();
        expect(base.customerOrderSummary).toHaveBeenCalledWith(10);
        expect(getManyReference).toHaveBeenCalledWith('orders', expect.objectContaining({ target: 'customerId', id: 10, sort: { field: 'createdAt', order: 'DESC' } }));
        const table = await screen.findByRole('table');
        const rows = within(table).getAllByRole('row').slice(1);
        expect(rows).toHaveLength(4);
        await user.click(within(rows[0]).getByText('₹1,012.49'));
        expect(await screen.findByRole('heading', { name: 'Order #12', level: 1 })).toBeInTheDocument();
    });

    it('says when they have no orders yet', async () => {
        const base = orderDataProvider([]);
        const getOne = vi.fn(async () => ({ data: { id: 5, name: 'New Shopper', roleId: 3, status: 1, createdAt: '2026-01-01T00:00:00.000Z' } }));
        const getManyReference = vi.fn(async () => ({ data: [], total: 0 }));
        renderAdmin('/users/5/show', { ...base, getOne, getManyReference } as typeof base, 1);
        expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    });
});
