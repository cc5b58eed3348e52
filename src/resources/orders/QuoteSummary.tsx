import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { Quote } from '../../dataProvider/deskMethods';

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The server's price of the order as it would be charged now: the sums under the lines. */
export const QuoteSummary = ({ quote }: { quote: Quote }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`app.order_desk.${key}`);
    const row = (label: string, amount: string, strong = false) => (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant={strong ? 'subtitle1' : 'body2'} component="span" sx={{ fontWeight: strong ? 700 : undefined }}>
                {label}
            </Typography>
            <Typography variant={strong ? 'subtitle1' : 'body2'} component="span" sx={{ fontWeight: strong ? 700 : undefined }}>
                {amount}
            </Typography>
        </Box>
    );
    return (
        <Box aria-label={t('charged')} role="group" sx={{ maxWidth: 360, ml: 'auto' }}>
            {row(t('subtotal'), rupees(quote.subtotal))}
            {row(t('tax'), rupees(quote.taxTotal))}
            {quote.discount > 0 && row(t('discount'), `− ${rupees(quote.discount)}`)}
            {row(t('delivery'), rupees(quote.deliveryCharge))}
            <Box data-testid="quote-total">{row(t('total'), rupees(quote.totalPrice), true)}</Box>
        </Box>
    );
};
