import { Box, Stack } from '@mui/material';
import { Title } from 'react-admin';

import { VideoLibrary } from './VideoLibrary';
import { VideoUploadCard } from './VideoUploadCard';

/** The video screen (spec §2 /VideoUploads, sidebar 'Add Video'): upload above, the library below. */
export const VideoUploads = () => (
    <Box sx={{ py: 2 }}>
        <Title title="resources.videos.title" />
        <Stack spacing={2}>
            <VideoUploadCard />
            <VideoLibrary />
        </Stack>
    </Box>
);
