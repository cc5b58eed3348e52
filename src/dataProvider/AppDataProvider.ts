import type { DataProvider, Identifier, RaRecord } from 'react-admin';

import type { Status } from '../types';
import type { OrderMethods } from './orderMethods';
import type { OrderToolMethods } from './orderToolMethods';
import type { StockMethods } from './stockMethods';
import type { VideoMethods } from './videoMethods';

export interface ToggleStatusParams {
    id: Identifier;
    /** The status the record should have after the call. */
    status: Status;
}

export interface ToggleStatusResult<RecordType extends RaRecord = RaRecord> {
    data: RecordType;
    /** The server's human message, e.g. 'Category status toggled successfully'. */
    message?: string;
}

/** The react-admin data provider plus the legacy API's one-click calls. */
export interface AppDataProvider extends DataProvider {
    toggleStatus: <RecordType extends RaRecord = RaRecord>(
        resource: string,
        params: ToggleStatusParams
    ) => Promise<ToggleStatusResult<RecordType>>;
}

/**
 * The provider src/dataProvider/index.ts composes: the endpoint map's calls plus the video library's
 * (kept apart so that a provider built from the map alone, as tests do, is still a whole AppDataProvider).
 */
export type VideoDataProvider = AppDataProvider & VideoMethods;

/** The order workflow's and the dashboard's calls (orderMethods.ts) on top of the map's. */
export type OrderDataProvider = AppDataProvider & OrderMethods;

/** The order list's tools for staff (orderToolMethods.ts): status counts, the export's rows, stock held, a customer's summary. */
export type OrderToolsDataProvider = OrderDataProvider & OrderToolMethods;

/** A product's stock changed by hand (stockMethods.ts) on top of the map's calls. */
export type StockDataProvider = AppDataProvider & StockMethods;
