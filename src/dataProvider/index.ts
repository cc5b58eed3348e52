import { API_URL } from '../config';
import { createDataProvider } from './createDataProvider';
import { httpClient } from '../http/httpClient';
import type { OrderDataProvider, OrderToolsDataProvider, StockDataProvider, VideoDataProvider } from './AppDataProvider';
import { orderMethods } from './orderMethods';
import { deskMethods, type DeskMethods } from './deskMethods';
import { orderToolMethods } from './orderToolMethods';
import { stockMethods } from './stockMethods';
import { slotMethods, type SlotMethods } from './slotMethods';
import { variantMethods, type VariantMethods } from './variantMethods';
import { videoMethods } from './videoMethods';
import { webhookMethods, type WebhookMethods } from './webhookMethods';
import { withShopClock } from './withShopClock';
import { withIdempotencyKey } from './withIdempotencyKey';

/** The writes' client: each POST with its own Idempotency-Key, so a retry after a cut connection is safe. */
const writes = withIdempotencyKey(httpClient);

export const dataProvider: VideoDataProvider & OrderDataProvider & OrderToolsDataProvider & StockDataProvider & WebhookMethods & SlotMethods & DeskMethods & VariantMethods = {
    ...withShopClock(createDataProvider(API_URL, writes), API_URL, httpClient),
    ...videoMethods(API_URL, httpClient),
    ...orderMethods(API_URL, writes),
    ...orderToolMethods(API_URL, writes),
    ...stockMethods(API_URL, writes),
    ...webhookMethods(API_URL, writes),
    ...slotMethods(API_URL, writes),
    ...deskMethods(API_URL, writes),
    ...variantMethods(API_URL, writes),
};

export { createDataProvider } from './createDataProvider';
export type { AppDataProvider, OrderDataProvider, OrderToolsDataProvider, StockDataProvider, ToggleStatusParams, ToggleStatusResult, VideoDataProvider } from './AppDataProvider';
export { orderMethods, type DashboardStats, type OrderMethods, type SetupChecklist } from './orderMethods';
export { orderToolMethods, type CustomerOrderSummary, type OrderAccountsRow, type OrderCounts, type OrderStock, type OrderToolMethods } from './orderToolMethods';
export { endpoints, type Endpoint } from './endpoints';
export { stockMethods, type BulkProductChange, type StockMethods, type StockReason } from './stockMethods';
export { variantMethods, type VariantMethods } from './variantMethods';
export { slotMethods, type SlotMethods, type SlotOccurrence } from './slotMethods';
export { httpClient, type ApiErrorBody, type HttpClient } from '../http/httpClient';
export { videoMethods, xhrUpload, type UploadOptions, type UploadTransport, type Video, type VideoMethods } from './videoMethods';
export { withIdempotencyKey } from './withIdempotencyKey';
export { webhookMethods, type WebhookDataProvider, type WebhookInput, type WebhookMethods, type WebhookWithSecret } from './webhookMethods';
