import type { DeskItem, OrderForCustomer } from '../../dataProvider/deskMethods';
import type { CustomerChoice } from './CustomerPicker';
import type { DeskDeliveryValue } from './DeskDelivery';

/** What the desk sends to place an order: the customer chosen or added, the lines, and the delivery's filled fields. */
export const deskOrderBody = (customer: NonNullable<CustomerChoice>, items: DeskItem[], { pincode, address, couponCode, paymentMethod, note, slot }: DeskDeliveryValue): OrderForCustomer => {
    const who = 'existing' in customer ? { customerId: customer.existing.id } : { customer: { ...customer.added, phone: customer.added.phone?.trim() || undefined, email: customer.added.email?.trim() || undefined, address: address || customer.added.address || undefined, pincode } };
    return {
        ...who,
        items,
        pincode,
        paymentMethod,
        ...(address.trim() ? { address: address.trim() } : {}),
        ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(slot ? { slotId: slot.slotId, slotDate: slot.slotDate } : {}),
    };
};
