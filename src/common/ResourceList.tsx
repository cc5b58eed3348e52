import type { ReactElement, ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, Empty, List, ListToolbar, useResourceDefinition, type Exporter, type RaRecord, type SortPayload } from 'react-admin';

import { ListActions } from './ListActions';
import { ListError } from './ListError';
import { ListHeading } from './ListHeading';
import { PageLoading } from './PageLoading';
import { ListPagination } from './ListPagination';
import { NoResults } from './NoResults';
import { PageReferencesProvider, type PageReference } from './PageReferences';
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
    /** The buttons above the list; ListActions (filters, Create, columns, Export) when left out. */
    actions?: ReactElement | false;
    /** What a list with no rows at all shows; `false` keeps the toolbar and the table (a list that can be imported into). */
    empty?: ReactElement | false;
    /** The columns naming another resource's record, read once a page for the rows' ReferenceValues. */
    references?: PageReference[];
    /** Filters added to the user's, unseen (one row a product: `position` 1). */
    filter?: Record<string, unknown>;
    /** What a row opens into under it (a product's variants), for the rows `isRowExpandable` allows. */
    expand?: ReactElement;
    isRowExpandable?: (record: RaRecord) => boolean;
    /** Columns the table starts without; the column chooser offers them. */
    hiddenColumns?: string[];
}

/** No rows yet: react-admin's invitation to create one, under the list's heading. */
const ListEmpty = () => (
    <Box sx={{ flex: 1 }}>
        <ListHeading />
        <Empty />
    </Box>
);

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
    actions = <ListActions />,
    empty,
    references = [],
    filter,
    expand,
    isRowExpandable,
    hiddenColumns,
}: ResourceListProps) => {
    const onError = useNotifyError('fetch_list_error');
    const { hasEdit } = useResourceDefinition();
    const { rowSx } = useSavedHighlight();
    const isPhone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    return (
        // The toolbar is drawn below the heading, in the list's card, rather than by List above both.
        <List
            perPage={perPage}
            sort={sort}
            filter={filter}
            pagination={<ListPagination />}
            error={<ListError />}
            exporter={exporter}
            actions={false}
            authLoading={<PageLoading />}
            empty={empty ?? <ListEmpty />}
            queryOptions={{ onError }}
        >
            <ListHeading />
            <ListToolbar filters={filters} actions={actions} sx={{ px: 2 }} />
            <RowAccessProvider>
                <PageReferencesProvider references={references}>
                    {isPhone && phone ? (
                        phone
                    ) : (
                        <DataTable
                            bulkActionButtons={bulkActionButtons}
                            rowClick={hasEdit ? 'edit' : false}
                            rowSx={rowSx}
                            empty={<NoResults />}
                            body={ProgressiveBody}
                            expand={expand}
                            isRowExpandable={isRowExpandable}
                            hiddenColumns={hiddenColumns}
                        >
                            {children}
                        </DataTable>
                    )}
                </PageReferencesProvider>
            </RowAccessProvider>
        </List>
    );
};
