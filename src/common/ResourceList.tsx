import type { ReactElement, ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, useResourceDefinition, type Exporter, type SortPayload } from 'react-admin';

import { ListError } from './ListError';
import { ListPagination } from './ListPagination';
import { NoResults } from './NoResults';
import { ProgressiveBody } from './ProgressiveBody';
import { RowAccessProvider } from './RowAccess';
import { useNotifyError } from './useNotifyError';
import { useSavedHighlight } from './useSavedHighlight';

export interface ResourceListProps {
    /** DataTable columns. */
    children: ReactNode;
    filters?: ReactElement[];
    perPage?: number;
    sort?: SortPayload;
    /** What a phone shows instead of the table (a `PhoneList`); the table when left out. */
    phone?: ReactNode;
    /** The buttons offered once rows are selected; no selection when left out. */
    bulkActionButtons?: ReactElement | false;
    /** The CSV export (schemaExporter); none when left out: react-admin's raw one would write formulas as they are. */
    exporter?: Exporter | false;
    /** The buttons above the list; react-admin's (filters, Create, Export) when left out. */
    actions?: ReactElement | false;
    /** What a list with no rows at all shows; `false` keeps the toolbar and the table (a list that can be imported into). */
    empty?: ReactElement | false;
}

/**
 * A catalogue table: server paging, sort, search and filters, rows that open their edit view, the row just
 * saved marked; on a phone a one-column list. A failed load shows the reason and Retry in place of the rows
 * (and notifies `…fetch_list_error`), never the empty state.
 */
export const ResourceList = ({
    children,
    filters,
    perPage = 25,
    sort = { field: 'id', order: 'ASC' },
    phone,
    bulkActionButtons = false,
    exporter = false,
    actions,
    empty,
}: ResourceListProps) => {
    const onError = useNotifyError('fetch_list_error');
    const { hasEdit } = useResourceDefinition();
    const { rowSx } = useSavedHighlight();
    const isPhone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    return (
        <List
            filters={filters}
            perPage={perPage}
            sort={sort}
            pagination={<ListPagination />}
            error={<ListError />}
            exporter={exporter}
            actions={actions}
            empty={empty}
            queryOptions={{ onError }}
        >
            <RowAccessProvider>
                {isPhone && phone ? (
                    phone
                ) : (
                    <DataTable
                        bulkActionButtons={bulkActionButtons}
                        rowClick={hasEdit ? 'edit' : false}
                        rowSx={rowSx}
                        empty={<NoResults />}
                        body={ProgressiveBody}
                    >
                        {children}
                    </DataTable>
                )}
            </RowAccessProvider>
        </List>
    );
};
