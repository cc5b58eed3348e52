import { HttpError, testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { vi } from 'vitest';

import type { OrderToolsDataProvider } from '../../src/dataProvider';
import { ORDER_STATUSES, type Order } from '../../src/resources/orders/orderStatuses';

const names = ['Asha Sharma', 'Ravi Kumar', 'Priya Raghunathan'];

/** `count` orders, newest (highest id) first as the API answers; created 22 Nov 2026 in India. */
export const makeOrders = (count: number): Order[] =>
    Array.from({ length: count }, (_, i) => {
        const id = count - i;
        const name = names[id % names.length];
        return {
            id,
            customer: { id: (id % names.length) + 10, name, email: `${name.split(' ')[0].toLowerCase()}@shop.test` },
            totalPrice: 1000 + id + 0.49,
            products: [{ name: 'Shimla Apples 1 kg', quantity: 3 }, { name: 'Desi Ghee 1 L', quantity: 1 }],
            createdAt: '2026-11-22T05:30:00.000Z',
            status: id % 2 ? 'placed' : 'delivered',
            paymentMethod: 'cod',
            paidAt: null,
            pincode: '560034',
        } satisfies Order;
    });

export const detailedOrder: Order = {
    id: 42,
    customer: { id: 10, name: 'Asha Sharma', email: 'asha@shop.test' },
    totalPrice: 1030.79,
    products: [{ name: 'Shimla Apples 1 kg', quantity: 3 }, { name: 'Desi Ghee 1 L', quantity: 1 }],
    createdAt: '2026-11-21T20:00:00.000Z',
    status: 'paid',
    paymentMethod: 'online',
    paidAt: '2026-11-21T20:05:00.000Z',
    pincode: '560034',
    address: '12 MG Road, Bengaluru',
    subtotal: 1116.99,
    taxTotal: 110.9,
    deliveryCharge: 25.5,
    discount: 111.7,
    couponCode: 'SAVE10',
    paymentReference: 'pay_test1234567890',
    lines: [
        { productId: 1, name: 'Shimla Apples 1 kg', unitPrice: 189, quantity: 3, unit: 'NOS', gstPercent: 5, lineTotal: 567, tax: 27 },
        { productId: 2, name: 'Desi Ghee 1 L', unitPrice: 549.99, quantity: 1, unit: 'NOS', gstPercent: 18, lineTotal: 549.99, tax: 83.9 },
    ],
    history: [
        { fromStatus: null, toStatus: 'placed', note: null, changedBy: 'Asha Sharma', createdAt: '2026-11-21T20:00:00.000Z' },
        { fromStatus: 'placed', toStatus: 'paid', note: 'Payment pay_test1234567890 verified', changedBy: 'Asha Sharma', createdAt: '2026-11-21T20:05:00.000Z' },
    ],
    nextStatuses: ['packed', 'cancelled'],
};

/** The orders a list filter leaves: the customer-name search and the status, as GET /orderr answers them. */
const matchingOrders = (orders: Order[], filter: GetListParams['filter']) => {
    const q = String(filter?.q ?? '').toLowerCase();
    return orders.filter(o => o.customer.name.toLowerCase().includes(q) && (!filter?.status || o.status === filter.status));
};

/** Orders paged and searched by customer name as GET /orderr does, plus the order calls and the list's tools. */
export const orderDataProvider = (orders: Order[], overrides: Partial<OrderToolsDataProvider> = {}): OrderToolsDataProvider => ({
    ...testDataProvider(),
    toggleStatus: vi.fn(),
    getList: vi.fn(async (_resource: string, { pagination, filter }: GetListParams) => {
        const matching = matchingOrders(orders, filter);
        const { page = 1, perPage = 30 } = pagination ?? {};
        return { data: matching.slice((page - 1) * perPage, page * perPage), total: matching.length };
    }) as DataProvider['getList'],
    orderCounts: vi.fn(async (filter: Record<string, unknown>) => {
        const matching = matchingOrders(orders, { ...filter, status: undefined });
        const counts = Object.fromEntries(ORDER_STATUSES.map(status => [status, matching.filter(o => o.status === status).length]));
        return { data: { counts, total: matching.length } };
    }),
    exportOrders: vi.fn(async () => ({ data: [] })),
    orderStock: vi.fn(async () => ({ data: { units: 0, lines: [] } })),
    customerOrderSummary: vi.fn(async (userId: unknown) => ({ data: { customerId: Number(userId), orders: 0, paidOrders: 0, totalSpent: 0, lastOrderAt: null } })),
    setDeliveryNote: vi.fn(async (id, note: string) => ({ data: { id, deliveryNote: note.trim() || null } })),
    getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => ({ data: orders.find(o => String(o.id) === String(id))! })) as DataProvider['getOne'],
    moveOrder: vi.fn(async (id, status) => ({ data: { id, status }, message: `Order ${String(id)} is now ${status}` })),
    dashboardStats: vi.fn(),
    setupChecklist: vi.fn(),
    ...overrides,
});

export const conflictError = (message: string) => new HttpError(message, 409, { message });
