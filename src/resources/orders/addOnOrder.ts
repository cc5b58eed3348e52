import type { DeskCustomer } from '../../dataProvider/deskMethods';
import type { DeskDeliveryValue } from './DeskDelivery';
import type { Order } from './orderStatuses';

/**
 * What the order desk starts from when staff add items to a paid order: its invoice is issued and cannot grow, so the
 * extra items are a new order for the same customer, to the same address and pincode, its note naming the first.
 */
export interface AddOnStart {
    customer: DeskCustomer;
    delivery: Partial<DeskDeliveryValue>;
}

export const addOnStart = (order: Order, note: string): AddOnStart => ({
    customer: {
        id: order.customer.id,
        name: order.customer.name,
        email: order.customer.email,
        contactNo: order.customer.phone ?? null,
        address: order.address ?? null,
        pincode: order.pincode,
    },
    delivery: { pincode: order.pincode, address: order.address ?? '', note },
});

/** The start handed over in the router's state, when it is one. */
export const addOnFrom = (state: unknown): AddOnStart | null => {
    const start = (state as { addOn?: AddOnStart } | null)?.addOn;
    return start && typeof start.customer?.id === 'number' ? start : null;
};
