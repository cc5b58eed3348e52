import { useState, type ChangeEvent, type DragEvent, type RefObject } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { humanSize } from './humanSize';

export interface VideoDropAreaProps {
    input: RefObject<HTMLInputElement | null>;
    file: File | null;
    /** Submitted without a file: the area is outlined in red and says so. */
    missing: boolean;
    uploading: boolean;
    onChoose: (file: File | undefined) => void;
}

/** Where a video is dropped, or picked with the button; it names the chosen file and its size. */
export const VideoDropArea = ({ input, file, missing, uploading, onChoose }: VideoDropAreaProps) => {
    const translate = useTranslate();
    const [dragging, setDragging] = useState(false);
    const onDrop = (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        if (!uploading) onChoose(event.dataTransfer.files[0]);
    };
    return (
        <Box
            onDragOver={event => {
                event.preventDefault();
                setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: missing ? 'error.main' : dragging ? 'primary.main' : 'divider',
                borderRadius: 2,
                bgcolor: dragging ? 'action.hover' : 'transparent',
                p: 3,
                textAlign: 'center',
            }}
        >
            <CloudUploadIcon color="action" fontSize="large" />
            <Typography>
                {translate('resources.videos.upload.drop')}{' '}
                <Button component="label" size="small" variant="outlined" disabled={uploading}>
                    {translate('resources.videos.upload.pick')}
                    <input
                        ref={input}
                        hidden
                        type="file"
                        accept="video/*,.mkv,.mov"
                        aria-label={translate('resources.videos.fields.video')}
                        onChange={(event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files?.[0])}
                    />
                </Button>
            </Typography>
            <Typography variant="body2" color={missing ? 'error' : 'text.secondary'} role={missing ? 'alert' : undefined} sx={{ mt: 1 }}>
                {missing
                    ? translate('resources.videos.messages.select_file')
                    : file
                      ? translate('resources.videos.upload.selected', { name: file.name, size: humanSize(file.size, translate) })
                      : translate('resources.videos.upload.hint')}
            </Typography>
        </Box>
    );
};
