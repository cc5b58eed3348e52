import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Typography } from '@mui/material';
import { Button, useListContext, useResourceContext, useTranslate } from 'react-admin';

import { errorReason } from './errorReason';

/**
 * What a list shows when it cannot be read: the resource's `…fetch_list_error`, the reason and Retry, in
 * place of the rows. Never the empty state or a pager, which would make a failed load look like an empty shop.
 */
export const ListError = () => {
    const { error, refetch, isFetching } = useListContext();
    const resource = useResourceContext();
    const translate = useTranslate();
    const reason = errorReason(error);
    return (
        <Box role="alert" sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}>
            <ErrorOutlineIcon color="error" fontSize="large" />
            <Typography variant="h6" component="p">
                {translate(`resources.${resource}.notifications.fetch_list_error`, { _: translate('app.error.list_title') })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {translate(reason.key, reason.args)}
            </Typography>
            <Button label="app.error.retry" variant="contained" onClick={() => refetch()} disabled={isFetching}>
                <RefreshIcon />
            </Button>
        </Box>
    );
};
