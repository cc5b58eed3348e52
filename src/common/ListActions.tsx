import { useMediaQuery, type Theme } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Link } from 'react-router-dom';
import {
    Button,
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
 * list in its store, so it survives a reload), Export, Import where the list takes a CSV file (`importPath`), and
 * links to the schema's other screens of the list (`links`, a bulk editor).
 * A phone shows one column of cards, so no chooser there; the toolbar wraps rather than pushing the page sideways
 * (a longer language's words, one more link).
 */
export const ListActions = ({
    importPath,
    links = [],
    exportUnfiltered,
}: {
    importPath?: string;
    links?: Array<{ path: string; label: string }>;
    /** The list's own filters its export leaves out (src/dataProvider/readMethods.ts): every variant, not one a product. */
    exportUnfiltered?: string[];
}) => {
    const { exporter, total } = useListContext();
    const { hasCreate } = useResourceDefinition();
    const filters = useFilterContext();
    const isPhone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    return (
        <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {filters && filters.length > 0 && <FilterButton />}
            {hasCreate && <CreateButton />}
            {!isPhone && <ColumnsChooser />}
            {exporter !== false && <ExportButton disabled={total === 0} meta={exportUnfiltered && { unfiltered: exportUnfiltered }} />}
            {importPath && <ImportButton path={importPath} />}
            {links.map(({ path, label }) => (
                <Button key={path} component={Link} to={path} label={label}>
                    <EditNoteIcon />
                </Button>
            ))}
        </TopToolbar>
    );
};
