import { useMediaQuery, type Theme } from '@mui/material';
import {
    CreateButton,
    ExportButton,
    FilterButton,
    TopToolbar,
    useFilterContext,
    useListContext,
    useResourceDefinition,
} from 'react-admin';

import { ColumnsChooser } from './ColumnsChooser';
import { ImportButton } from './ImportButton';

/**
 * The buttons above a list: filters, Create, the column chooser (the table's; react-admin keeps the choice per
 * list in its store, so it survives a reload), Export, and Import where the list takes a CSV file (`importPath`).
 * A phone shows one column of cards, so no chooser there; its toolbar wraps rather than pushing the page sideways.
 */
export const ListActions = ({ importPath }: { importPath?: string }) => {
    const { exporter, total } = useListContext();
    const { hasCreate } = useResourceDefinition();
    const filters = useFilterContext();
    const isPhone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    return (
        <TopToolbar sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            {filters && filters.length > 0 && <FilterButton />}
            {hasCreate && <CreateButton />}
            {!isPhone && <ColumnsChooser />}
            {exporter !== false && <ExportButton disabled={total === 0} />}
            {importPath && <ImportButton path={importPath} />}
        </TopToolbar>
    );
};
