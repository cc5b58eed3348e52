import { useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, CardContent, CircularProgress, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

import { useVideoLibrary } from './useVideoLibrary';
import { VideoCard } from './VideoCard';

/** Waits for typing to pause before searching, so each keystroke is not a request. */
function useDebounced(value: string, ms = 300) {
    const [debounced, setDebounced] = useState(value);
    useEffect(() => {
        const timer = setTimeout(() => setDebounced(value), ms);
        return () => clearTimeout(timer);
    }, [value, ms]);
    return debounced;
}

/** The library: search, ten videos per request with 'Load more', and the empty state. */
export const VideoLibrary = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const [typed, setTyped] = useState('');
    const search = useDebounced(typed.trim());
    const { videos, total, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useVideoLibrary(search);

    useEffect(() => {
        if (isError) notify('resources.videos.messages.fetch_error', { type: 'error' });
    }, [isError, notify]);

    return (
        <Card>
            <CardContent>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
                    <Typography variant="h6" sx={{ whiteSpace: 'nowrap' }}>
                        {translate('resources.videos.library.title')}
                    </Typography>
                    <TextField
                        type="search"
                        size="small"
                        label={translate('resources.videos.library.search')}
                        value={typed}
                        onChange={event => setTyped(event.target.value)}
                        slotProps={{
                            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
                            htmlInput: { maxLength: 200 },
                        }}
                        sx={{ width: { xs: '100%', sm: 340 } }}
                    />
                </Stack>
                {isPending ? (
                    <Box sx={{ textAlign: 'center', py: 4 }}>
                        <CircularProgress size={32} />
                    </Box>
                ) : videos.length === 0 ? (
                    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                        {translate(search ? 'resources.videos.no_results' : 'resources.videos.empty')}
                    </Typography>
                ) : (
                    <>
                        <Box
                            component="ul"
                            sx={{
                                listStyle: 'none',
                                p: 0,
                                m: 0,
                                display: 'grid',
                                gap: 2,
                                gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
                            }}
                        >
                            {videos.map(video => (
                                <li key={video.id}>
                                    <VideoCard video={video} />
                                </li>
                            ))}
                        </Box>
                        <Stack direction="row" spacing={2} alignItems="center" justifyContent="center" sx={{ mt: 2 }}>
                            <Typography variant="body2" color="text.secondary">
                                {translate('resources.videos.library.count', { shown: videos.length, total })}
                            </Typography>
                            {hasNextPage && (
                                <Button variant="outlined" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
                                    {translate('resources.videos.library.load_more')}
                                </Button>
                            )}
                        </Stack>
                    </>
                )}
            </CardContent>
        </Card>
    );
};
