import type { ReactNode } from 'react';
import { Box, Card, CardContent, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ShowBase, Title, useCreatePath, useRecordContext, useTranslate } from 'react-admin';

import { useNotifyError } from '../../common/useNotifyError';
import { OrderHistory } from './OrderHistory';
import { OrderLines } from './OrderLines';
import { OrderMoves } from './OrderMoves';
import { OrderPayment } from './OrderPayment';
import { OrderPrints } from './OrderPrints';
import { OrderCreditNotes } from './OrderCreditNotes';
import { OrderSlot } from './OrderSlot';
import { OrderDeskActions } from './OrderDeskActions';
import { DeliveryNote } from './DeliveryNote';
import { OrderStatusField } from './OrderStatusField';
import { orderDateTime, type Order } from './orderStatuses';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
    <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
            {title}
        </Typography>
        {children}
    </Box>
);

const OrderView = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const createPath = useCreatePath();
    if (!order) return null;
    const t = (key: string, options?: object) => translate(`resources.orders.show.${key}`, options);
    const phone = order.customer.phone;
    return (
        <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
            <Title title={t('title', { id: order.id })} />
            <Card>
                <CardContent>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
                        <Typography variant="h5" component="h1">
                            {t('title', { id: order.id })}
                        </Typography>
                        <OrderStatusField />
                        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
                            {t('placed_on', { date: orderDateTime(order.createdAt) })}
                        </Typography>
                    </Box>
                    <Box sx={{ mb: 2 }}>
                        <OrderDeskActions />
                        <OrderPrints />
                        <OrderCreditNotes />
                    </Box>
                    <Grid container spacing={2}>
                        <Grid size={{ xs: 12, md: 4 }}>
                            <Section title={t('customer')}>
                                {/* Every order leads to its customer: their other orders, what they spent, how to reach them. */}
                                <Link component={RouterLink} to={createPath({ resource: 'customers', id: order.customer.id, type: 'show' })}>
                                    {order.customer.name}
                                </Link>
                                {phone ? (
                                    <Typography>
                                        <Link href={`tel:${phone}`}>{phone}</Link>
                                    </Typography>
                                ) : (
                                    <Typography variant="body2" color="text.secondary">{translate('resources.orders.rider.no_phone')}</Typography>
                                )}
                                {order.customer.email && <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{order.customer.email}</Typography>}
                            </Section>
                        </Grid>
                        <Grid size={{ xs: 12, md: 4 }}>
                            <Section title={t('delivery')}>
                                {order.address && <Typography sx={{ whiteSpace: 'pre-line' }}>{order.address}</Typography>}
                                <Typography variant="body2" color="text.secondary">{order.pincode}</Typography>
                                <OrderSlot />
                                <DeliveryNote />
                            </Section>
                        </Grid>
                        <Grid size={{ xs: 12, md: 4 }}>
                            <Section title={t('payment')}>
                                <OrderPayment />
                            </Section>
                        </Grid>
                    </Grid>
                    <Divider sx={{ my: 2 }} />
                    <OrderLines />
                </CardContent>
            </Card>
            <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                    <OrderMoves />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                    <Card variant="outlined">
                        <CardContent>
                            <Typography variant="h6" component="h2">
                                {t('history')}
                            </Typography>
                            <OrderHistory />
                        </CardContent>
                    </Card>
                </Grid>
            </Grid>
        </Stack>
    );
};

/** An order whole (GET /orderr/{id}) and the buttons for the statuses it may take next. */
export const OrderShow = () => {
    const onError = useNotifyError('fetch_one_error', { redirectTo: 'list' });
    return (
        <ShowBase queryOptions={{ onError }}>
            <OrderView />
        </ShowBase>
    );
};
