import { DataTableBody, DataTableDataContext, useDataTableDataContext, type DataTableBodyProps } from 'react-admin';

import { useDrawnInSteps } from './useDrawnInSteps';

/** A screenful and some: the rows drawn before the browser first paints the table. */
const FIRST_ROWS = 20;

/** The table body, its first rows drawn at once and the rest of the page (the product list shows 100) right after. */
export const ProgressiveBody = (props: DataTableBodyProps) => {
    const rows = useDrawnInSteps(useDataTableDataContext(), FIRST_ROWS);
    return (
        <DataTableDataContext.Provider value={rows}>
            <DataTableBody {...props} />
        </DataTableDataContext.Provider>
    );
};
