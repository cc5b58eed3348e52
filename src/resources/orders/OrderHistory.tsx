import { List, ListItem, ListItemText } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import { OrderStatusField } from './OrderStatusField';
import { orderDateTime, type Order } from './orderStatuses';

/**
 * Each status the order took: when, by whom, with the note given, and whether the customer's mail of it went out.
 * A change within a status (a new delivery slot) has its note only: the status's mail is that of the row that took it.
 */
export const OrderHistory = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    if (!order?.history) return null;
    const mailLine = (mail?: NonNullable<Order['mails']>[number]) =>
        mail &&
        (mail.sentAt
            ? translate('resources.orders.show.mail_sent', { to: mail.to, date: orderDateTime(mail.sentAt) })
            : translate('resources.orders.show.mail_waiting', { to: mail.to }));
    return (
        <List dense aria-label={translate('resources.orders.show.history')}>
            {order.history.map((entry, index) => (
                <ListItem key={index} disableGutters sx={{ alignItems: 'flex-start', gap: 2 }}>
                    <OrderStatusField record={{ id: index, status: entry.toStatus }} />
                    <ListItemText
                        primary={[orderDateTime(entry.createdAt), entry.changedBy && translate('resources.orders.show.by', { name: entry.changedBy })]
                            .filter(Boolean)
                            .join(' ')}
                        secondary={[entry.note, entry.fromStatus !== entry.toStatus && mailLine(order.mails?.find(mail => mail.step === entry.toStatus))].filter(Boolean).join(' · ')}
                    />
                </ListItem>
            ))}
        </List>
    );
};
