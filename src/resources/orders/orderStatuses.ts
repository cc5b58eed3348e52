import type { OrderLine } from '../../../schema/orderLine';
import { shopDate, shopDateTimeWithZone } from '../../common/shopTime';

/** The order workflow's statuses (server/features/orders/workflow.ts), in the order an order goes through them. */
export const ORDER_STATUSES = ['placed', 'paid', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'refunded'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const statusChoices = ORDER_STATUSES.map(id => ({ id, name: `resources.orders.statuses.${id}` }));

type ChipColor = 'default' | 'info' | 'primary' | 'secondary' | 'success' | 'warning' | 'error';

/** Waiting is amber, on its way blue, done green, stopped grey or red. */
export const statusColor: Record<OrderStatus, ChipColor> = {
    placed: 'warning',
    paid: 'info',
    packed: 'secondary',
    out_for_delivery: 'primary',
    delivered: 'success',
    cancelled: 'default',
    refunded: 'error',
};

export interface OrderHistoryEntry {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    note: string | null;
    changedBy: string | null;
    createdAt: string;
}

/** GET /orderr/{id}; list rows carry the fields up to `pincode`. Amounts in rupees. */
export interface Order {
    id: number;
    /** The phone as the customer gave it when they ordered (null: none given). */
    customer: { id: number; name: string; email: string | null; phone?: string | null };
    totalPrice: number;
    products: { name: string; quantity: number }[];
    createdAt: string;
    status: OrderStatus;
    paymentMethod: 'online' | 'cod';
    paidAt: string | null;
    pincode: string;
    /** The delivery slot booked (a deliverySlots record) and its day, YYYY-MM-DD; null when none. */
    slotId?: number | null;
    slotDate?: string | null;
    address?: string | null;
    /** What staff tell the rider. */
    deliveryNote?: string | null;
    subtotal?: number;
    taxTotal?: number;
    deliveryCharge?: number;
    discount?: number;
    couponCode?: string | null;
    paymentReference?: string | null;
    /** Staff: the link that pays the order's current total, while it waits for payment online. */
    paymentLink?: string | null;
    /** The provider's refund id (rfnd_…), or 'manual' for cash handed back. */
    refundReference?: string | null;
    refundedAt?: string | null;
    /** The tax invoice's number once the order is paid (online) or delivered (cash on delivery). */
    invoiceNumber?: string | null;
    invoicedAt?: string | null;
    lines?: OrderLine[];
    history?: OrderHistoryEntry[];
    /** The customer's mails, one per step: sentAt once the mail server took it. */
    mails?: { step: OrderStatus; to: string; queuedAt: string; sentAt: string | null; lastError: string | null }[];
    nextStatuses?: OrderStatus[];
    /** Credit notes reversing the invoice, oldest first; amounts in rupees. */
    creditNotes?: { id: number; number: string; issuedAt: string; kind: 'cancelled' | 'refunded' | 'partial'; reason: string; total: number; refundAmount: number }[];
}

/** Order dates in the Indian short format, 22/11/2026, on the shop's clock: how staff in India write a date. */
export const indianDate = (iso: string) => shopDate(iso);

/** 22/11/26, 4:30 pm IST: an order's moments say on which clock (the shop's zone, its setting) they read. */
export const orderDateTime = (iso: string) => shopDateTimeWithZone(iso);
