import { Box, Stack } from '@mui/material';
import { Title } from 'react-admin';

import { PageHeading } from '../../common/PageHeading';
import { VideoLibrary } from './VideoLibrary';
import { VideoUploadCard } from './VideoUploadCard';

/** The video screen (the legacy /VideoUploads, sidebar 'Add Video'): upload above, the library below. */
export const VideoUploads = () => (
    <Box sx={{ py: 2 }}>
        <Title title="resources.videos.title" />
        <PageHeading title="resources.videos.title" sx={{ mb: 2 }} />
        <Stack spacing={2}>
            <VideoUploadCard />
            <VideoLibrary />
        </Stack>
    </Box>
);
