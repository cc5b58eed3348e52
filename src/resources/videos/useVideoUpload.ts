import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { serverMessage } from '../../common/serverMessage';
import type { VideoDataProvider } from '../../dataProvider';

export type UploadPhase = 'idle' | 'uploading' | 'done';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One upload at a time through the data provider's `uploadVideo`, with its progress and a way to cancel.
 * Leaving the screen cancels an upload in flight. The library is refetched once a video is stored.
 */
export function useVideoUpload() {
    const dataProvider = useDataProvider<VideoDataProvider>();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const controller = useRef<AbortController | null>(null);
    const [phase, setPhase] = useState<UploadPhase>('idle');
    const [progress, setProgress] = useState({ sent: 0, total: 0 });

    useEffect(() => () => controller.current?.abort(), []);

    const upload = useCallback(
        async (file: File, tags: string): Promise<boolean> => {
            const abort = new AbortController();
            controller.current = abort;
            setPhase('uploading');
            setProgress({ sent: 0, total: file.size });
            try {
                const { data, message } = await dataProvider.uploadVideo(file, tags, {
                    signal: abort.signal,
                    onProgress: (sent, total) => setProgress({ sent, total }),
                });
                setPhase('done');
                if (data) notify(message ?? 'resources.videos.messages.uploaded', { type: 'success' });
                else notify('resources.videos.messages.details_missing', { type: 'warning' });
                await queryClient.invalidateQueries({ queryKey: ['videos'] });
                return true;
            } catch (error) {
                setPhase('idle');
                if (isAbort(error)) notify('resources.videos.messages.cancelled', { type: 'info' });
                else notify(serverMessage(error) ?? 'resources.videos.messages.upload_failed', { type: 'error' });
                return false;
            } finally {
                if (controller.current === abort) controller.current = null;
            }
        },
        [dataProvider, notify, queryClient]
    );

    const cancel = useCallback(() => controller.current?.abort(), []);
    /** Clears a finished upload's bar when the next file is chosen. */
    const reset = useCallback(() => {
        if (!controller.current) setPhase('idle');
    }, []);

    return { phase, ...progress, upload, cancel, reset };
}
