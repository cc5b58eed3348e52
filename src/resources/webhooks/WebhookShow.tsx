import type { ReactNode } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import ListIcon from '@mui/icons-material/List';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { RecordContextProvider, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';

import { ActiveField } from './ActiveField';
import { DeleteWebhookButton } from './DeleteWebhookButton';
import { DeliveryLog } from './DeliveryLog';
import { EventsField } from './EventsField';
import { RotateSecretButton } from './RotateSecretButton';
import { SecretHintField } from './SecretHintField';
import { SendTestButton } from './SendTestButton';
import { useWebhook } from './useWebhookQueries';

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
    <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
            {useTranslate()(label)}
        </Typography>
        {children}
    </Box>
);

/** One endpoint: what it takes, its buttons (test, edit, new secret, delete), and its delivery log. */
export const WebhookShow = () => {
    const { id } = useParams<{ id: string }>();
    const { data: endpoint, isPending, isError } = useWebhook(id);
    const translate = useTranslate();
    if (isPending) return <LinearProgress sx={{ m: 2 }} />;
    if (isError || !endpoint) return <Alert severity="error" sx={{ mt: 2 }}>{translate('resources.webhooks.notifications.fetch_error')}</Alert>;
    const name = translate('resources.webhooks.name', { smart_count: 1 });
    return (
        <RecordContextProvider value={endpoint}>
            <Title title={name} />
            <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
                <Card>
                    <CardContent>
                        <Typography variant="overline" color="text.secondary">
                            {name}
                        </Typography>
                        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', mb: 2, fontSize: { xs: '1.15rem', sm: '1.5rem' } }}>
                            {endpoint.url}
                        </Typography>
                        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1.5, mb: 2 }}>
                            <Detail label="resources.webhooks.fields.events">
                                <EventsField />
                            </Detail>
                            <Detail label="resources.webhooks.fields.active">
                                <ActiveField />
                            </Detail>
                            <Detail label="resources.webhooks.fields.secretHint">
                                <SecretHintField />
                            </Detail>
                        </Stack>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                            <SendTestButton />
                            {/* Words on every button, on a phone too (react-admin's own shrink to an icon there). */}
                            <Button size="small" variant="outlined" component={Link} to={`/webhooks/${endpoint.id}`} startIcon={<EditIcon />}>
                                {translate('resources.webhooks.action.edit')}
                            </Button>
                            <RotateSecretButton />
                            <DeleteWebhookButton />
                            <Button size="small" component={Link} to="/webhooks" startIcon={<ListIcon />}>
                                {translate('resources.webhooks.action.back')}
                            </Button>
                        </Box>
                    </CardContent>
                </Card>
                <Card>
                    <CardContent>
                        <Typography variant="h6" component="h2" gutterBottom>
                            {translate('resources.webhooks.deliveries.title')}
                        </Typography>
                        <DeliveryLog endpointId={endpoint.id} />
                    </CardContent>
                </Card>
            </Stack>
        </RecordContextProvider>
    );
};
