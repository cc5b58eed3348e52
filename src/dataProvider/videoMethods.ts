import { HttpError, type Identifier } from 'react-admin';

import { getToken } from '../http/token';
import type { Status } from '../types';
import type { ApiErrorBody, HttpClient } from '../http/httpClient';
import { queryString } from './queryString';

/** A video of the library, as GET /v1/videos answers it. */
export interface Video {
    id: number;
    /** The display name. */
    filename: string;
    /** Bytes. */
    size: number;
    /** Comma-separated. */
    tags: string;
    status: Status;
    mimeType: string;
    /** A signed link the `<video>` element can play and seek without the bearer token. */
    url: string;
    createdAt: string;
    updatedAt: string;
}

export interface UploadOptions {
    /** Called as the body goes out: bytes sent and bytes in all. */
    onProgress?: (sent: number, total: number) => void;
    /** Aborting it cancels the upload; the promise then rejects with an AbortError. */
    signal?: AbortSignal;
}

/** Sends a multipart body and answers the parsed JSON; `fetch` cannot report upload progress, so this is XHR. */
export type UploadTransport = (url: string, body: FormData, options: UploadOptions) => Promise<unknown>;

export interface VideoMethods {
    searchVideos(params: { search?: string; limit?: number; offset?: number; signal?: AbortSignal }): Promise<{ data: Video[]; total: number }>;
    /** `data` is null when the server said it stored the file but sent no video back. */
    uploadVideo(file: File, tags: string, options?: UploadOptions): Promise<{ data: Video | null; message?: string }>;
    renameVideo(id: Identifier, filename: string): Promise<{ data: Video; message?: string }>;
    toggleVideo(id: Identifier, status: Status): Promise<{ data: Video; message?: string }>;
    deleteVideo(id: Identifier): Promise<{ data: Video; message?: string }>;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/** XMLHttpRequest with the signed-in user's bearer token; errors are react-admin HttpErrors like the httpClient's. */
export const xhrUpload: UploadTransport = (url, body, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(abortError());
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        xhr.setRequestHeader('Accept', 'application/json');
        const token = getToken();
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.upload.onprogress = event => {
            if (event.lengthComputable) onProgress?.(event.loaded, event.total);
        };
        const onAbort = () => xhr.abort();
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => signal?.removeEventListener('abort', onAbort);
        xhr.onload = () => {
            done();
            let json: unknown = null;
            try {
                json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
            } catch {
                // A proxy's HTML error page: the status says enough.
            }
            if (xhr.status >= 200 && xhr.status < 300) return resolve(json);
            const message = (json as ApiErrorBody | null)?.message ?? xhr.statusText;
            reject(new HttpError(message, xhr.status, json));
        };
        xhr.onerror = () => {
            done();
            reject(new Error('Network error'));
        };
        xhr.onabort = () => {
            done();
            reject(abortError());
        };
        xhr.send(body);
    });

type Uploaded = { message?: string; video?: Video };

/** The total of a stock list answer: what follows the slash of `Content-Range: videos 0-9/11`. */
const totalOf = (headers: Headers) => Number(headers.get('Content-Range')?.split('/').pop());

/**
 * The video library's calls (docs/api.md, Videos), beside the endpoint-map provider:
 *
 * searchVideos => GET    /v1/videos?filter={"q":…}&range=[0,9]&sort=["id","DESC"]  (newest first; total from Content-Range)
 * uploadVideo  => POST   /uploadvideo, multipart tags + video                   (XHR, for upload progress)
 * renameVideo  => PUT    /v1/videos/{id} { filename }
 * toggleVideo  => PUT    /v1/videos/{id} { status }
 * deleteVideo  => DELETE /v1/videos/{id}
 */
export const videoMethods = (apiUrl: string, httpClient: HttpClient, upload: UploadTransport = xhrUpload): VideoMethods => {
    const write = async (id: Identifier, method: 'PUT' | 'DELETE', body?: Partial<Video>) => {
        const { json } = await httpClient(`${apiUrl}/v1/videos/${id}`, { method, body: body && JSON.stringify(body) });
        return { data: json as Video };
    };
    return {
        searchVideos: async ({ search = '', limit = 10, offset = 0, signal }) => {
            const q = search.trim();
            const query = { filter: JSON.stringify(q ? { q } : {}), range: JSON.stringify([offset, offset + limit - 1]), sort: JSON.stringify(['id', 'DESC']) };
            const { headers, json } = await httpClient(`${apiUrl}/v1/videos?${queryString(query)}`, { signal });
            return { data: json as Video[], total: totalOf(headers) };
        },
        uploadVideo: async (file, tags, options = {}) => {
            const body = new FormData();
            // Tags first, so the server has them before the file's bytes.
            if (tags.trim()) body.append('tags', tags.trim());
            body.append('video', file, file.name);
            const json = (await upload(`${apiUrl}/uploadvideo`, body, options)) as Uploaded | null;
            return { data: json?.video?.id ? json.video : null, message: json?.message };
        },
        renameVideo: (id, filename) => write(id, 'PUT', { filename }),
        toggleVideo: (id, status) => write(id, 'PUT', { status }),
        deleteVideo: id => write(id, 'DELETE'),
    };
};
