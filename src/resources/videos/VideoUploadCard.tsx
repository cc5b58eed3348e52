import { useRef, useState, type FormEvent } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { useVideoUpload } from './useVideoUpload';
import { VideoDropArea } from './VideoDropArea';
import { VideoUploadProgress } from './VideoUploadProgress';

/** The drop-or-pick area, tags, and the progress of the upload under way (the legacy /VideoUploads screen). */
export const VideoUploadCard = () => {
    const translate = useTranslate();
    const { phase, sent, total, upload, cancel, reset } = useVideoUpload();
    const input = useRef<HTMLInputElement>(null);
    const [file, setFile] = useState<File | null>(null);
    const [tags, setTags] = useState('');
    const [missing, setMissing] = useState(false);
    const uploading = phase === 'uploading';

    const choose = (chosen: File | undefined) => {
        if (!chosen) return;
        setFile(chosen);
        setMissing(false);
        reset();
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

    return (
        <Card component="form" onSubmit={onSubmit} noValidate>
            <CardContent>
                <Typography variant="h6" gutterBottom>
                    {translate('resources.videos.upload.title')}
                </Typography>
                <VideoDropArea input={input} file={file} missing={missing} uploading={uploading} onChoose={choose} />
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
                {phase !== 'idle' && <VideoUploadProgress sent={sent} total={total} uploading={uploading} onCancel={cancel} />}
            </CardContent>
        </Card>
    );
};
