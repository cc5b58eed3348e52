import { CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** 'No orders found', the legacy screen's words, whether the shop has none yet or the search matches none. */
export const NoOrders = () => {
    const translate = useTranslate();
    return (
        <CardContent>
            <Typography variant="body2">{translate('resources.orders.no_results')}</Typography>
        </CardContent>
    );
};
