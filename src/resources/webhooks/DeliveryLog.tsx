import { useState } from 'react';
import { Alert, Box, LinearProgress, List, ListItem, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';

import type { WebhookDelivery } from '../../../schema/webhooks';
import { shopDateTime, shopZoneName, useShopTimeZone } from '../../common/shopTime';
import { DeliveryAnswer } from './DeliveryAnswer';
import { DeliveryStateField } from './DeliveryStateField';
import { DELIVERIES_PER_PAGE, useDeliveries } from './useWebhookQueries';
import { eventLabel } from './webhookEvents';

/** The state, and for one waiting to be tried again, when. */
const State = ({ delivery }: { delivery: WebhookDelivery }) => {
    const translate = useTranslate();
    return (
        <Stack spacing={0.5} alignItems="flex-start">
            <DeliveryStateField state={delivery.state} />
            {delivery.nextAttemptAt && delivery.attempts > 0 && (
                <Typography variant="caption" color="text.secondary">
                    {translate('resources.webhooks.deliveries.next', { time: shopDateTime(delivery.nextAttemptAt) })}
                </Typography>
            )}
        </Stack>
    );
};

const DeliveryTable = ({ deliveries }: { deliveries: WebhookDelivery[] }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`resources.webhooks.deliveries.${key}`, options);
    return (
        <Table size="small">
            <TableHead>
                <TableRow>
                    <TableCell>{t('time', { zone: shopZoneName() })}</TableCell>
                    <TableCell>{t('event')}</TableCell>
                    <TableCell>{t('state')}</TableCell>
                    <TableCell align="right">{t('attempts')}</TableCell>
                    <TableCell>{t('answer')}</TableCell>
                </TableRow>
            </TableHead>
            <TableBody>
                {deliveries.map(delivery => (
                    <TableRow key={delivery.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{shopDateTime(delivery.createdAt)}</TableCell>
                        <TableCell>{translate(eventLabel(delivery.event), { _: delivery.event })}</TableCell>
                        <TableCell>
                            <State delivery={delivery} />
                        </TableCell>
                        <TableCell align="right">{delivery.attempts}</TableCell>
                        <TableCell sx={{ maxWidth: 360 }}>
                            <DeliveryAnswer delivery={delivery} />
                        </TableCell>
                    </TableRow>
                ))}
            </TableBody>
        </Table>
    );
};

/** On a phone, a delivery a block: the event and its state, then when, how many tries and the last answer. */
const DeliveryPhoneList = ({ deliveries }: { deliveries: WebhookDelivery[] }) => {
    const translate = useTranslate();
    return (
        <List disablePadding>
            {deliveries.map(delivery => (
                <ListItem key={delivery.id} divider sx={{ display: 'block', px: 0 }}>
                    <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {translate(eventLabel(delivery.event), { _: delivery.event })}
                        </Typography>
                        <State delivery={delivery} />
                    </Stack>
                    <Typography variant="caption" color="text.secondary" component="p">
                        {shopDateTime(delivery.createdAt)} {shopZoneName()} · {translate('resources.webhooks.deliveries.attempts')}: {delivery.attempts}
                    </Typography>
                    <DeliveryAnswer delivery={delivery} />
                </ListItem>
            ))}
        </List>
    );
};

/** An endpoint's delivery log, newest first, 25 a page, each time on the shop's clock. */
export const DeliveryLog = ({ endpointId }: { endpointId: Identifier }) => {
    const translate = useTranslate();
    const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'));
    const [page, setPage] = useState(1);
    // Drawn again when the shop's zone is learnt or changed.
    useShopTimeZone();
    const { data, isPending, isError } = useDeliveries(endpointId, page);
    if (isPending) return <LinearProgress sx={{ my: 2 }} />;
    if (isError) return <Alert severity="error">{translate('resources.webhooks.notifications.fetch_error')}</Alert>;
    if (!data.data.length) return <Typography color="text.secondary">{translate('resources.webhooks.deliveries.empty')}</Typography>;
    return (
        <Box>
            {small ? <DeliveryPhoneList deliveries={data.data} /> : <DeliveryTable deliveries={data.data} />}
            {data.total > DELIVERIES_PER_PAGE && (
                <TablePagination
                    component="div"
                    count={data.total}
                    page={page - 1}
                    rowsPerPage={DELIVERIES_PER_PAGE}
                    rowsPerPageOptions={[]}
                    onPageChange={(_, next) => setPage(next + 1)}
                    labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
                    getItemAriaLabel={type => translate(type === 'next' ? 'ra.navigation.next' : type === 'previous' ? 'ra.navigation.previous' : `ra.navigation.${type}`)}
                />
            )}
        </Box>
    );
};
