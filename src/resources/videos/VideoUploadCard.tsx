import { useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { humanSize } from './humanSize';
import { useVideoUpload } from './useVideoUpload';

/** The drop-or-pick area, tags, and the progress of the upload under way (the legacy /VideoUploads screen). */
export const VideoUploadCard = () => {
    const translate = useTranslate();
    const { phase, sent, total, upload, cancel, reset } = useVideoUpload();
    const input = useRef<HTMLInputElement>(null);
    const [file, setFile] = useState<File | null>(null);
    const [tags, setTags] = useState('');
    const [missing, setMissing] = useState(false);
    const [dragging, setDragging] = useState(false);
    const uploading = phase === 'uploading';

    const choose = (chosen: File | undefined) => {
        if (!chosen) return;
        setFile(chosen);
        setMissing(false);
        reset();
    };
    const onDrop = (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        if (!uploading) choose(event.dataTransfer.files[0]);
    };
    const onSubmit = async (event: FormEvent) => {
        event.preventDefault();
        if (!file) return setMissing(true);
        if (await upload(file, tags)) {
            setFile(null);
            setTags('');
            if (input.current) input.current.value = '';
        }
    };

    const percent = total ? Math.min(100, Math.round((sent / total) * 100)) : 0;
    return (
        <Card component="form" onSubmit={onSubmit} noValidate>
            <CardContent>
                <Typography variant="h6" gutterBottom>
                    {translate('resources.videos.upload.title')}
                </Typography>
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
                                onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
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
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems={{ sm: 'flex-start' }}>
                    <TextField
                        label={translate('resources.videos.fields.tags')}
                        helperText={translate('resources.videos.upload.tags_hint')}
                        value={tags}
                        onChange={event => setTags(event.target.value)}
                        disabled={uploading}
                        size="small"
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: 500 } }}
                    />
                    <Button type="submit" variant="contained" disabled={uploading} startIcon={<CloudUploadIcon />} sx={{ flexShrink: 0 }}>
                        {translate('resources.videos.upload.submit')}
                    </Button>
                </Stack>
                {phase !== 'idle' && (
                    <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
                        <Box sx={{ flexGrow: 1 }}>
                            <LinearProgress variant="determinate" value={percent} aria-label={translate('resources.videos.upload.progress')} />
                            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                                {translate('resources.videos.upload.sent', {
                                    percent,
                                    sent: humanSize(sent, translate),
                                    total: humanSize(total, translate),
                                })}
                            </Typography>
                        </Box>
                        {uploading && (
                            <Button onClick={cancel} color="warning">
                                {translate('resources.videos.upload.cancel')}
                            </Button>
                        )}
                    </Stack>
                )}
            </CardContent>
        </Card>
    );
};
