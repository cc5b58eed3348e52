import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { serverMessage } from '../../common/serverMessage';
import type { Video, VideoDataProvider } from '../../dataProvider';

/** Rename, Activate/Deactivate and Delete of one video; each notifies and refetches the library. */
export function useVideoActions(video: Video) {
    const dataProvider = useDataProvider<VideoDataProvider>();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const settle = (message: string) => {
        notify(message, { type: 'success' });
        return queryClient.invalidateQueries({ queryKey: ['videos'] });
    };
    const onError = (error: unknown) => notify(serverMessage(error) ?? 'resources.videos.messages.action_error', { type: 'error' });

    const rename = useMutation({
        mutationFn: (filename: string) => dataProvider.renameVideo(video.id, filename),
        onSuccess: () => settle('resources.videos.messages.renamed'),
        // The rename field shows the server's refusal itself.
    });
    const toggle = useMutation({
        mutationFn: () => dataProvider.toggleVideo(video.id, video.status === 1 ? 0 : 1),
        onSuccess: ({ data }) => settle(data.status === 1 ? 'resources.videos.messages.activated' : 'resources.videos.messages.deactivated'),
        onError,
    });
    const remove = useMutation({
        mutationFn: () => dataProvider.deleteVideo(video.id),
        onSuccess: () => settle('resources.videos.messages.deleted'),
        onError,
    });
    return { rename, toggle, remove };
}
