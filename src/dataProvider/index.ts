import { API_URL } from '../config';
import { createDataProvider } from './createDataProvider';
import { httpClient } from './httpClient';

export const dataProvider = createDataProvider(API_URL, httpClient);

export { createDataProvider } from './createDataProvider';
export type { AppDataProvider, ToggleStatusParams, ToggleStatusResult } from './AppDataProvider';
export { endpoints, type Endpoint } from './endpoints';
export { httpClient, type ApiErrorBody, type HttpClient } from './httpClient';
