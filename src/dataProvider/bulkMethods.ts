import type { Identifier } from 'react-admin';

export type BulkAction = 'activate' | 'deactivate' | 'delete';

export interface BulkParams {
    ids: Identifier[];
    action: BulkAction;
}

/** One row's outcome: refused rows say why ('This category is used by 3 products…'). */
export interface BulkRowResult {
    id: Identifier;
    ok: boolean;
    message?: string;
}

/** The answer of `POST <list path>/bulk`: one transaction on the server, one outcome per row. */
export interface BulkResult {
    success: boolean;
    message?: string;
    results: BulkRowResult[];
}

/** Selected rows changed in one request (the list's bulk buttons). */
export interface BulkMethods {
    bulk: (resource: string, params: BulkParams) => Promise<BulkResult>;
}
