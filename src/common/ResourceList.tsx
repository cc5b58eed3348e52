import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, Pagination, type SortPayload } from 'react-admin';

import { NoResults } from './NoResults';
import { useNotifyError } from './useNotifyError';

export interface ResourceListProps {
    /** DataTable columns. */
    children: ReactNode;
    filters?: ReactElement[];
    perPage?: number;
    sort?: SortPayload;
}

const ROWS_PER_PAGE = [10, 25, 50, 100];

/**
 * A catalogue table: server paging, sort, search and filters, no bulk actions, rows not clickable
 * (their Action column does the work), `…fetch_list_error` when the list cannot be read.
 */
export const ResourceList = ({ children, filters, perPage = 25, sort = { field: 'id', order: 'ASC' } }: ResourceListProps) => {
    const onError = useNotifyError('fetch_list_error');
    return (
        <List
            filters={filters}
            perPage={perPage}
            sort={sort}
            pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
            queryOptions={{ onError }}
        >
            <DataTable bulkActionButtons={false} rowClick={false} empty={<NoResults />}>
                {children}
            </DataTable>
        </List>
    );
};
