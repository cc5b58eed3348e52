import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Confirm, useGetIdentity, useTranslate } from 'react-admin';

import type { Video } from '../../dataProvider';
import { humanSize } from './humanSize';
import { useVideoActions } from './useVideoActions';
import { VideoRename } from './VideoRename';

const ADMIN_ROLE = 1;

/** One video of the library: a player that seeks (range requests), its details and its actions. */
export const VideoCard = ({ video }: { video: Video }) => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    const { rename, toggle, remove } = useVideoActions(video);
    const [renaming, setRenaming] = useState(false);
    const [asking, setAsking] = useState(false);
    const active = video.status === 1;
    const tags = video.tags.split(',').map(tag => tag.trim()).filter(Boolean);

    return (
        <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="video-card">
            <Box sx={{ bgcolor: 'common.black', aspectRatio: '16 / 9' }}>
                <video
                    controls
                    preload="metadata"
                    src={video.url}
                    aria-label={translate('resources.videos.library.player', { name: video.filename })}
                    style={{ width: '100%', height: '100%', display: 'block' }}
                />
            </Box>
            <CardContent sx={{ flexGrow: 1 }}>
                {renaming ? (
                    <VideoRename filename={video.filename} saving={rename.isPending} onSave={rename.mutateAsync} onClose={() => setRenaming(false)} />
                ) : (
                    <Typography variant="subtitle1" component="h3" sx={{ wordBreak: 'break-word' }}>
                        {video.filename}
                    </Typography>
                )}
                <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1 }}>
                    <Chip size="small" label={translate(active ? 'app.status.active' : 'app.status.inactive')} color={active ? 'success' : 'default'} />
                    <Typography variant="body2" color="text.secondary">
                        {humanSize(video.size, translate)}
                    </Typography>
                </Stack>
                {tags.length > 0 && (
                    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.5} sx={{ mt: 1 }} aria-label={translate('resources.videos.fields.tags')}>
                        {tags.map(tag => (
                            <Chip key={tag} label={tag} size="small" variant="outlined" />
                        ))}
                    </Stack>
                )}
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap' }}>
                <Button size="small" startIcon={<EditIcon />} onClick={() => setRenaming(true)} disabled={renaming}>
                    {translate('resources.videos.rename.action')}
                </Button>
                <Button
                    size="small"
                    color={active ? 'warning' : 'success'}
                    startIcon={active ? <ToggleOffIcon /> : <ToggleOnIcon />}
                    onClick={() => toggle.mutate()}
                    disabled={toggle.isPending}
                >
                    {translate(active ? 'app.action.deactivate' : 'app.action.activate')}
                </Button>
                {identity?.roleId === ADMIN_ROLE && (
                    <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)} disabled={remove.isPending}>
                        {translate('resources.videos.delete.action')}
                    </Button>
                )}
            </CardActions>
            <Confirm
                isOpen={asking}
                loading={remove.isPending}
                title="resources.videos.delete.confirm_title"
                content="resources.videos.delete.confirm"
                translateOptions={{ name: video.filename }}
                contentTranslateOptions={{ name: video.filename }}
                onConfirm={() => {
                    setAsking(false);
                    remove.mutate();
                }}
                onClose={() => setAsking(false)}
            />
        </Card>
    );
};
