import { API_URL } from '../config';
import { createDataProvider } from './createDataProvider';
import { httpClient } from './httpClient';
import type { VideoDataProvider } from './AppDataProvider';
import { videoMethods } from './videoMethods';

export const dataProvider: VideoDataProvider = { ...createDataProvider(API_URL, httpClient), ...videoMethods(API_URL, httpClient) };

export { createDataProvider } from './createDataProvider';
export type { AppDataProvider, ToggleStatusParams, ToggleStatusResult, VideoDataProvider } from './AppDataProvider';
export { endpoints, type Endpoint } from './endpoints';
export { httpClient, type ApiErrorBody, type HttpClient } from './httpClient';
export { videoMethods, xhrUpload, type UploadOptions, type Video, type VideoMethods } from './videoMethods';
