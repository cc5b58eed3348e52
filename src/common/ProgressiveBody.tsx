import { useDeferredValue, useEffect, useState } from 'react';
import { DataTableBody, DataTableDataContext, useDataTableDataContext, type DataTableBodyProps } from 'react-admin';

/** A screenful and some: the rows drawn before the browser first paints the table. */
const FIRST_ROWS = 20;

/**
 * The table body, drawn in two steps when it first shows: the first rows at once, the rest of the page
 * (the product list shows 100) in the background right after (React's deferred value: that render yields
 * to input and paint), so the first rows are on screen without waiting for rows below the fold. Once the
 * whole page is drawn, changes show at once again (a toggled status, an undone delete, the next page).
 */
export const ProgressiveBody = (props: DataTableBodyProps) => {
    const data = useDataTableDataContext();
    const deferred = useDeferredValue(data, data?.slice(0, FIRST_ROWS));
    const [drawn, setDrawn] = useState(false);
    useEffect(() => {
        if (deferred === data) setDrawn(true);
    }, [deferred, data]);
    return (
        <DataTableDataContext.Provider value={drawn ? data : deferred}>
            <DataTableBody {...props} />
        </DataTableDataContext.Provider>
    );
};
