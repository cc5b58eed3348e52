import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { UploadOptions, Video, VideoDataProvider } from '../../src/dataProvider';
import { renderAdmin } from './renderAdmin';

const video = (id: number, filename = `Clip ${id}.mp4`, extra: Partial<Video> = {}): Video => ({
    id,
    filename,
    size: 5 * 1024 * 1024 + id,
    tags: 'recipe, dessert',
    status: 1,
    mimeType: 'video/mp4',
    url: `/api/videos/${id}/stream?expires=1&sig=x`,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...extra,
});

/** An upload the test drives: report progress, then finish or fail it; it rejects as XHR does when aborted. */
function pendingUpload() {
    const upload = {
        options: {} as UploadOptions,
        finish: (_value: { data: Video | null; message?: string }) => {},
        fail: (_error: unknown) => {},
        progress: (sent: number, total: number) => act(() => upload.options.onProgress?.(sent, total)),
    };
    const uploadVideo = vi.fn(
        (_file: File, _tags: string, options: UploadOptions = {}) =>
            new Promise<{ data: Video | null; message?: string }>((resolve, reject) => {
                upload.options = options;
                upload.finish = resolve;
                upload.fail = reject;
                options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
            })
    );
    return { upload, uploadVideo };
}

/** The library over `rows`, searched and paged as the API does; every call recorded. */
function libraryProvider(rows: Video[], overrides: Partial<VideoDataProvider> = {}): VideoDataProvider {
    return {
        ...testDataProvider(),
        toggleStatus: vi.fn(),
        searchVideos: vi.fn(async ({ search = '', limit = 10, offset = 0 }) => {
            const found = rows.filter(row => `${row.filename} ${row.tags}`.toLowerCase().includes(search.toLowerCase()));
            return { data: found.slice(offset, offset + limit), total: found.length };
        }),
        uploadVideo: vi.fn(),
        renameVideo: vi.fn(async (id, filename) => ({ data: { ...rows.find(row => row.id === id)!, filename } })),
        toggleVideo: vi.fn(async (id, status) => ({ data: { ...rows.find(row => row.id === id)!, status } })),
        deleteVideo: vi.fn(),
        ...overrides,
    } as VideoDataProvider;
}

const file = (size = 100) => new File([new Uint8Array(size)], 'tikka.mp4', { type: 'video/mp4' });

async function startUpload(user: ReturnType<typeof userEvent.setup>) {
    await user.upload(screen.getByLabelText('Video file'), file());
    await user.type(screen.getByLabelText('Tags'), 'recipe, starter');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
}

const progressValue = () => screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow');

describe('the video screen', () => {
    it('says when no video is uploaded yet', async () => {
        renderAdmin('/videos', libraryProvider([]));
        expect(await screen.findByText('No videos uploaded yet.')).toBeInTheDocument();
    });

    it('shows ten videos with name, human size, tags, status and a seeking player, and loads ten more on demand', async () => {
        const rows = Array.from({ length: 13 }, (_, i) => video(13 - i));
        const dataProvider = libraryProvider(rows);
        renderAdmin('/videos', dataProvider);

        expect(await screen.findByText('Clip 13.mp4')).toBeInTheDocument();
        expect(screen.getAllByTestId('video-card')).toHaveLength(10);
        expect(dataProvider.searchVideos).toHaveBeenLastCalledWith(expect.objectContaining({ search: '', limit: 10, offset: 0 }));
        const card = screen.getAllByTestId('video-card')[0];
        expect(within(card).getByText('5 MB')).toBeInTheDocument();
        expect(within(card).getByText('dessert')).toBeInTheDocument();
        expect(within(card).getByText('Active')).toBeInTheDocument();
        const player = within(card).getByLabelText('Play Clip 13.mp4') as HTMLVideoElement;
        expect(player.tagName).toBe('VIDEO');
        expect(player).toHaveAttribute('controls');
        expect(player).toHaveAttribute('preload', 'metadata');
        expect(player.getAttribute('src')).toBe('/api/videos/13/stream?expires=1&sig=x');
        expect(screen.getByText('10 of 13 videos')).toBeInTheDocument();

        await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
        await waitFor(() => expect(screen.getAllByTestId('video-card')).toHaveLength(13));
        expect(dataProvider.searchVideos).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 10, offset: 10 }));
        expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });

    it('searches by name or tag', async () => {
        const dataProvider = libraryProvider([video(1, 'Mango lassi.mp4', { tags: 'drink' }), video(2, 'Paneer.webm', { tags: 'starter' })]);
        renderAdmin('/videos', dataProvider);
        await screen.findByText('Mango lassi.mp4');
        await userEvent.type(screen.getByLabelText('Search by name or tag'), 'STARTER');
        await waitFor(() => expect(screen.queryByText('Mango lassi.mp4')).not.toBeInTheDocument());
        expect(await screen.findByText('Paneer.webm')).toBeInTheDocument();
        expect(dataProvider.searchVideos).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'STARTER', offset: 0 }));
        await userEvent.type(screen.getByLabelText('Search by name or tag'), 'zzz');
        expect(await screen.findByText('No videos match your search.')).toBeInTheDocument();
    });
});

describe('uploading', () => {
    it('asks for a file before uploading', async () => {
        const dataProvider = libraryProvider([]);
        renderAdmin('/videos', dataProvider);
        await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
        expect(screen.getByText('Please select a video file.')).toBeInTheDocument();
        expect(dataProvider.uploadVideo).not.toHaveBeenCalled();
    });

    it('moves the progress bar with the bytes sent and completes', async () => {
        const user = userEvent.setup();
        const { upload, uploadVideo } = pendingUpload();
        const rows: Video[] = [];
        const dataProvider = libraryProvider(rows, { uploadVideo });
        renderAdmin('/videos', dataProvider);
        await screen.findByText('No videos uploaded yet.');

        await startUpload(user);
        expect(uploadVideo).toHaveBeenCalledWith(expect.any(File), 'recipe, starter', expect.objectContaining({ signal: expect.any(AbortSignal) }));
        expect(progressValue()).toBe('0');
        expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

        upload.progress(30, 100);
        expect(progressValue()).toBe('30');
        expect(screen.getByText('30% · 30 B of 100 B')).toBeInTheDocument();
        upload.progress(100, 100);
        expect(progressValue()).toBe('100');

        rows.push(video(1, 'tikka.mp4'));
        await act(async () => upload.finish({ data: rows[0], message: 'File uploaded successfully' }));
        expect(await screen.findByText('File uploaded successfully')).toBeInTheDocument();
        // The library is asked again and shows the new video.
        expect(await screen.findByText('tikka.mp4')).toBeInTheDocument();
        expect(progressValue()).toBe('100');
        expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    });

    it('cancels an upload under way', async () => {
        const user = userEvent.setup();
        const { upload, uploadVideo } = pendingUpload();
        renderAdmin('/videos', libraryProvider([], { uploadVideo }));
        await screen.findByText('No videos uploaded yet.');

        await startUpload(user);
        upload.progress(40, 100);
        await user.click(screen.getByRole('button', { name: 'Cancel' }));

        expect(upload.options.signal?.aborted).toBe(true);
        expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
        expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
        expect(screen.queryByText('File uploaded successfully')).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    });

    it("says so when the answer lacks the video, and shows the spec's failure or the server's refusal", async () => {
        const user = userEvent.setup();
        const { upload, uploadVideo } = pendingUpload();
        renderAdmin('/videos', libraryProvider([], { uploadVideo }));
        await screen.findByText('No videos uploaded yet.');

        await startUpload(user);
        await act(async () => upload.finish({ data: null, message: 'File uploaded successfully' }));
        expect(await screen.findByText('Upload successful, but video details are missing.')).toBeInTheDocument();

        await startUpload(user);
        await act(async () => upload.fail(new Error('Network error')));
        expect(await screen.findByText('Failed to upload the video. Please try again.')).toBeInTheDocument();

        await startUpload(user);
        const refusal = 'Please upload an MP4, WebM, QuickTime or Matroska video';
        await act(async () => upload.fail(new HttpError(refusal, 415, { message: refusal })));
        expect(await screen.findByText(refusal)).toBeInTheDocument();
    });
});

describe('a video of the library', () => {
    it('refuses a blank new name, then renames it', async () => {
        const user = userEvent.setup();
        const dataProvider = libraryProvider([video(7, 'Old name.mp4')]);
        renderAdmin('/videos', dataProvider);
        await user.click(await screen.findByRole('button', { name: 'Rename' }));

        const field = screen.getByLabelText('New name');
        expect(field).toHaveValue('Old name.mp4');
        await user.clear(field);
        await user.type(field, '   ');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(screen.getByText('Please provide a new filename.')).toBeInTheDocument();
        expect(dataProvider.renameVideo).not.toHaveBeenCalled();

        await user.clear(field);
        await user.type(field, '  Mango lassi  ');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(dataProvider.renameVideo).toHaveBeenCalledWith(7, 'Mango lassi'));
        expect(await screen.findByText('Video renamed successfully')).toBeInTheDocument();
        expect(screen.queryByLabelText('New name')).not.toBeInTheDocument();
    });

    it("shows the server's refusal of a name beside the field", async () => {
        const user = userEvent.setup();
        const message = 'Please provide a new filename.';
        const dataProvider = libraryProvider([video(7)], { renameVideo: vi.fn(async () => Promise.reject(new HttpError(message, 400, { message }))) });
        renderAdmin('/videos', dataProvider);
        await user.click(await screen.findByRole('button', { name: 'Rename' }));
        await user.type(screen.getByLabelText('New name'), 'x');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText(message)).toBeInTheDocument();
        expect(screen.getByLabelText('New name')).toBeInTheDocument();
    });

    it('deactivates an active video', async () => {
        const dataProvider = libraryProvider([video(3)]);
        renderAdmin('/videos', dataProvider);
        await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
        await waitFor(() => expect(dataProvider.toggleVideo).toHaveBeenCalledWith(3, 0));
        expect(await screen.findByText('Video deactivated')).toBeInTheDocument();
    });
});
