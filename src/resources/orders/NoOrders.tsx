import { CardContent, Typography } from '@mui/material';
import { CreateButton, useTranslate } from 'react-admin';

/** 'No orders found', the legacy screen's words, whether the shop has none yet or the search matches none; staff may still take one. */
export const NoOrders = () => {
    const translate = useTranslate();
    return (
        <CardContent>
            <Typography variant="body2">{translate('resources.orders.no_results')}</Typography>
            <CreateButton label="app.order_desk.create" variant="contained" sx={{ mt: 2 }} />
        </CardContent>
    );
};
