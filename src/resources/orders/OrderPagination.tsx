import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** Spec §9 paging of the order list: Prev, 'Page X of Y', Next. */
export const OrderPagination = () => {
    const { page, perPage, total, setPage, isPending } = useListContext();
    const translate = useTranslate();
    if (isPending || !total) return null;
    const pages = Math.max(1, Math.ceil(total / perPage));
    return (
        <Box component="nav" aria-label="pagination" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, p: 1.5 }}>
            <Button size="small" variant="outlined" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                {translate('resources.orders.pagination.prev')}
            </Button>
            <Typography variant="body2" aria-live="polite">
                {translate('resources.orders.pagination.page', { page, pages })}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => setPage(page + 1)} disabled={page >= pages}>
                {translate('resources.orders.pagination.next')}
            </Button>
        </Box>
    );
};
