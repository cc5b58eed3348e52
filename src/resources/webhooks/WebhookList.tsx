import { Alert, Box, Card, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, EditButton, ListContextProvider, ShowButton, SimpleList, Title, useList, useTranslate } from 'react-admin';

import type { WebhookEndpoint } from '../../../schema/webhooks';
import { PageHeading } from '../../common/PageHeading';
import { ActiveField } from './ActiveField';
import { EventsField } from './EventsField';
import { SecretHintField } from './SecretHintField';
import { useWebhookList } from './useWebhookQueries';

const Column = DataTable.Col<WebhookEndpoint>;

const NoEndpoints = () => (
    <Typography color="text.secondary" sx={{ p: 2 }}>
        {useTranslate()('resources.webhooks.empty')}
    </Typography>
);

/** The endpoints as a table: a row opens the endpoint's page, with its delivery log. */
const EndpointTable = () => (
    <DataTable bulkActionButtons={false} rowClick="show" empty={<NoEndpoints />}>
        <Column source="url" sx={{ overflowWrap: 'anywhere', minWidth: 200 }} />
        <Column source="events" field={EventsField} disableSort />
        <Column source="active" field={ActiveField} />
        <Column source="secretHint" field={SecretHintField} disableSort />
        <Column label="app.list.action" align="right" sx={{ whiteSpace: 'nowrap' }}>
            <ShowButton label="resources.webhooks.action.log" />
            <EditButton label="resources.webhooks.action.edit" />
        </Column>
    </DataTable>
);

/** On a phone: one entry per endpoint, its address, then whether it is on, its secret's end and its events. */
const EndpointPhoneList = () => (
    <SimpleList<WebhookEndpoint>
        linkType="show"
        primaryText={endpoint => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{endpoint.url}</Box>}
        secondaryText={
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5 }}>
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <ActiveField />
                    <SecretHintField />
                </Box>
                <EventsField />
            </Box>
        }
        empty={<NoEndpoints />}
    />
);

/** Settings → Webhooks: the endpoints events are posted to, and Add endpoint. Administrators only. */
export const WebhookList = () => {
    const translate = useTranslate();
    const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'));
    const { data, isPending, isError } = useWebhookList();
    const list = useList<WebhookEndpoint>({ data, isPending, resource: 'webhooks' });
    return (
        <Card sx={{ mt: 2 }}>
            <Title title="resources.webhooks.title" />
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ pr: 2, pt: 1 }}>
                <PageHeading title="resources.webhooks.title" />
                <CreateButton label="resources.webhooks.action.add" variant="contained" />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1, pb: 2, maxWidth: 900 }}>
                {translate('resources.webhooks.intro')}
            </Typography>
            {isError && <Alert severity="error" sx={{ mx: 2, mb: 2 }}>{translate('resources.webhooks.notifications.fetch_error')}</Alert>}
            <ListContextProvider value={list}>{small ? <EndpointPhoneList /> : <EndpointTable />}</ListContextProvider>
        </Card>
    );
};
