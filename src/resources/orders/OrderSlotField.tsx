import { Typography } from '@mui/material';
import { ReferenceField, useRecordContext } from 'react-admin';

import { toShopDay } from '../../common/ShopDateInput';
import type { Order } from './orderStatuses';

/** The order's delivery slot: its day as the screens write dates, then the slot's name and hours. Nothing when none. */
export const OrderSlotField = (_props: { label?: string; source?: string }) => {
    const order = useRecordContext<Order>();
    if (!order?.slotId || !order.slotDate) return null;
    return (
        <Typography variant="body2" component="span">
            {toShopDay(order.slotDate)} · <ReferenceField source="slotId" reference="deliverySlots" link={false} />
        </Typography>
    );
};
