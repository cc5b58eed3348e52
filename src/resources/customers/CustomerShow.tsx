import type { ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ShowBase, Title, useCreatePath, useRecordContext, useTranslate } from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import { shopDate } from '../../common/shopTime';
import { useNotifyError } from '../../common/useNotifyError';
import { CustomerOrders } from '../users/CustomerOrders';
import type { Customer } from './customer';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
    <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
            {label}
        </Typography>
        <Typography component="div">{children}</Typography>
    </Box>
);

const CustomerView = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const createPath = useCreatePath();
    if (!customer) return null;
    const field = (name: string) => translate(`resources.customers.fields.${name}`);
    return (
        <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
            <Title title={customer.name} />
            <Card>
                <CardContent>
                    <Typography variant="h5" component="h1" gutterBottom>
                        {customer.name}
                    </Typography>
                    <Grid container spacing={2}>
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('contactNo')}>
                                {customer.contactNo ? <Link href={`tel:${customer.contactNo}`}>{customer.contactNo}</Link> : '—'}
                            </Fact>
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('email')}>
                                {customer.email ? (
                                    <Link href={`mailto:${customer.email}`} sx={{ wordBreak: 'break-all' }}>
                                        {customer.email}
                                    </Link>
                                ) : (
                                    '—'
                                )}
                            </Fact>
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('address')}>
                                <Box sx={{ whiteSpace: 'pre-line' }}>{[customer.address, customer.pincode].filter(Boolean).join('\n') || '—'}</Box>
                            </Fact>
                        </Grid>
                        {customer.gstin && (
                            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                                <Fact label={field('gstin')}>{[customer.gstin, customer.businessName].filter(Boolean).join(' · ')}</Fact>
                            </Grid>
                        )}
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('orders')}>{customer.orders}</Fact>
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('lifetimeSpend')}>{formatRupees(customer.lifetimeSpend)}</Fact>
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('lastOrderAt')}>{customer.lastOrderAt ? shopDate(customer.lastOrderAt) : translate('resources.customers.never')}</Fact>
                        </Grid>
                        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                            <Fact label={field('createdAt')}>
                                <Link component={RouterLink} to={createPath({ resource: 'users', id: customer.id, type: 'show' })}>
                                    {shopDate(customer.createdAt)}
                                </Link>
                            </Fact>
                        </Grid>
                    </Grid>
                </CardContent>
            </Card>
            <Card>
                <CardContent>
                    <CustomerOrders />
                </CardContent>
            </Card>
        </Stack>
    );
};

/** One customer: how to reach them, their orders at a glance and their order history, newest first. */
export const CustomerShow = () => {
    const onError = useNotifyError('fetch_one_error', { redirectTo: 'list' });
    return (
        <ShowBase queryOptions={{ onError }}>
            <CustomerView />
        </ShowBase>
    );
};
