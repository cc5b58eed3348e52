import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';

import { VideoUploads } from './VideoUploads';

export default {
    list: VideoUploads,
    icon: VideoLibraryIcon,
    recordRepresentation: 'filename',
};
