import { Box, Button, Typography } from '@mui/material';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';

/** The legacy paging of orders and users: Prev, 'Page X of Y', Next, in the resource's words (`resources.<name>.pagination`). */
export const PageOfPages = () => {
    const { page, perPage, total, setPage, isPending } = useListContext();
    const translate = useTranslate();
    const resource = useResourceContext();
    if (isPending || !total) return null;
    const pages = Math.max(1, Math.ceil(total / perPage));
    return (
        <Box component="nav" aria-label="pagination" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, p: 1.5 }}>
            <Button size="small" variant="outlined" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                {translate(`resources.${resource}.pagination.prev`)}
            </Button>
            <Typography variant="body2" aria-live="polite">
                {translate(`resources.${resource}.pagination.page`, { page, pages })}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => setPage(page + 1)} disabled={page >= pages}>
                {translate(`resources.${resource}.pagination.next`)}
            </Button>
        </Box>
    );
};
