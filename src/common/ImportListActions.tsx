import { CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext, useResourceDefinition } from 'react-admin';

import { ImportButton } from './ImportButton';

/**
 * react-admin's list actions (filters, Create, Export) with Import beside them, for a list that takes a CSV
 * file; the toolbar wraps on a phone rather than pushing the page sideways.
 */
export const ImportListActions = ({ path }: { path: string }) => {
    const { exporter, total } = useListContext();
    const { hasCreate } = useResourceDefinition();
    const filters = useFilterContext();
    return (
        <TopToolbar sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            {filters && filters.length > 0 && <FilterButton />}
            {hasCreate && <CreateButton />}
            {exporter !== false && <ExportButton disabled={total === 0} />}
            <ImportButton path={path} />
        </TopToolbar>
    );
};
