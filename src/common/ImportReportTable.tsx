import { alpha, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';

import { AuditChanges } from '../crud/AuditChanges';

/** One row of the server's import report (server/features/imports/csvImport.ts). */
export interface ImportRow {
    line: number;
    status: 'ok' | 'refused';
    errors: Record<string, string>;
    /** What an added row came in without (a picture that could not be had). */
    warnings?: Record<string, string>;
    cells: string[];
    /** Whether the row adds a record or updates the one its key (a product's SKU) names. */
    action?: 'add' | 'update';
    /** An update's fields that change, old → new, as the activity log writes them. */
    changes?: Record<string, { before: unknown; after: unknown }>;
}

export interface ImportReport {
    success: boolean;
    message: string;
    dryRun: boolean;
    columns: string[];
    ignoredColumns: string[];
    rows: ImportRow[];
    accepted: number;
    refused: number;
}

/** How many rows the preview shows; the refused ones further down are named by their lines. */
export const PREVIEW_ROWS = 20;

/**
 * The rows of an import report as a table: the file's line, what is wrong with a refused row (highlighted),
 * field by field in the screen's words, then its cells under the file's own header. Scrolls sideways within
 * itself on a phone, never the page.
 */
export const ImportReportTable = ({ report, rows }: { report: ImportReport; rows: ImportRow[] }) => {
    const translate = useTranslate();
    const resource = useResourceContext();
    const fieldLabel = (field: string) =>
        field === 'row' ? translate('app.csv_import.row') : translate(`resources.${resource}.fields.${field}`, { _: field });
    return (
        <TableContainer sx={{ maxHeight: { xs: '50vh', sm: 360 }, overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={translate('app.csv_import.problems')}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('app.csv_import.line')}</TableCell>
                        <TableCell sx={{ minWidth: 200 }}>{translate('app.csv_import.problems')}</TableCell>
                        {report.columns.map((column, i) => (
                            <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                                {column}
                            </TableCell>
                        ))}
                    </TableRow>
                </TableHead>
                <TableBody>
                    {rows.map(row => {
                        const refused = row.status === 'refused';
                        return (
                            <TableRow key={row.line} data-status={row.status} sx={refused ? { bgcolor: theme => alpha(theme.palette.error.main, 0.12) } : undefined}>
                                <TableCell>{row.line}</TableCell>
                                <TableCell>
                                    {refused ? (
                                        Object.entries(row.errors).map(([field, message]) => (
                                            <Typography key={field} variant="body2" color="error">
                                                {fieldLabel(field)}: {message}
                                            </Typography>
                                        ))
                                    ) : Object.keys(row.warnings ?? {}).length ? (
                                        Object.entries(row.warnings ?? {}).map(([field, message]) => (
                                            <Typography key={field} variant="body2" color="warning.main">
                                                {fieldLabel(field)}: {message}
                                            </Typography>
                                        ))
                                    ) : (
                                        <RowAction row={row} entity={resource ?? ''} />
                                    )}
                                </TableCell>
                                {report.columns.map((_, i) => (
                                    <TableCell key={i} sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.cells[i]}>
                                        {row.cells[i] ?? ''}
                                    </TableCell>
                                ))}
                            </TableRow>
                        );
                    })}
                </TableBody>
            </Table>
        </TableContainer>
    );
};

/** What an accepted row does: added, or updated with each change old → new ('Price: ₹250.00 → ₹240.00'), or nothing to change. */
const RowAction = ({ row, entity }: { row: ImportRow; entity: string }) => {
    const translate = useTranslate();
    const unchanged = row.action === 'update' && row.changes && !Object.keys(row.changes).length;
    return (
        <>
            <Typography variant="body2" color={unchanged ? 'text.secondary' : 'success.main'}>
                {translate(unchanged ? 'app.csv_import.unchanged' : row.action ? `app.csv_import.${row.action}` : 'app.csv_import.ok')}
            </Typography>
            {row.action === 'update' && row.changes && (
                <Typography variant="body2" component="div" data-testid="import-changes">
                    <AuditChanges entity={entity} changes={row.changes} />
                </Typography>
            )}
        </>
    );
};
