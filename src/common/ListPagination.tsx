import { Pagination, useListContext } from 'react-admin';

const ROWS_PER_PAGE = [10, 25, 50, 100];

/** The list's pager, left out while the list is in error: '1-100 of 100' over a failed load would be made up. */
export const ListPagination = () => {
    const { error } = useListContext();
    return error ? null : <Pagination rowsPerPageOptions={ROWS_PER_PAGE} />;
};
