import { List, ListItem, ListItemText } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import { OrderStatusField } from './OrderStatusField';
import { indianDateTime, type Order } from './orderStatuses';

/** Each status the order took: when, by whom, with the note given. */
export const OrderHistory = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    if (!order?.history) return null;
    return (
        <List dense aria-label={translate('resources.orders.show.history')}>
            {order.history.map((entry, index) => (
                <ListItem key={index} disableGutters sx={{ alignItems: 'flex-start', gap: 2 }}>
                    <OrderStatusField record={{ id: index, status: entry.toStatus }} />
                    <ListItemText
                        primary={[indianDateTime(entry.createdAt), entry.changedBy && translate('resources.orders.show.by', { name: entry.changedBy })]
                            .filter(Boolean)
                            .join(' ')}
                        secondary={entry.note}
                    />
                </ListItem>
            ))}
        </List>
    );
};
