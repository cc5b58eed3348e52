import { Alert, Chip, Stack, Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';

import { entities } from '../../schema';

import { ImportReportTable, PREVIEW_ROWS, type ImportReport } from './ImportReportTable';

/** A dry run's or an import's outcome: the counts, the ignored columns, the first rows with their reasons, and the later refused lines. */
export const ImportReportSummary = ({ report, preview }: { report: ImportReport; preview: boolean }) => {
    const translate = useTranslate();
    const resource = useResourceContext();
    // A list whose rows are matched by a key (a product's SKU) updates by it rather than by the left-out ID.
    const importKey = entities.find(entity => entity.name === resource)?.importKey;
    const shown = report.rows.slice(0, PREVIEW_ROWS);
    const laterRefused = report.rows.slice(PREVIEW_ROWS).filter(row => row.status === 'refused');
    return (
        <>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                <Chip
                    color="success"
                    label={translate(report.dryRun ? 'app.csv_import.ready' : 'app.csv_import.added', { smart_count: report.accepted })}
                />
                <Chip color={report.refused ? 'error' : 'default'} label={translate('app.csv_import.refused', { smart_count: report.refused })} />
            </Stack>
            {report.ignoredColumns.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                    {importKey
                        ? translate('app.csv_import.ignored_by_key', { columns: report.ignoredColumns.join(', '), key: translate(`resources.${resource}.fields.${importKey}`) })
                        : translate('app.csv_import.ignored', { columns: report.ignoredColumns.join(', ') })}
                </Typography>
            )}
            {report.rows.length > PREVIEW_ROWS && (
                <Typography variant="caption">{translate('app.csv_import.first_rows', { count: PREVIEW_ROWS, total: report.rows.length })}</Typography>
            )}
            <ImportReportTable report={report} rows={shown} />
            {laterRefused.length > 0 && (
                <Typography variant="body2" color="error">
                    {translate('app.csv_import.more_refused', { lines: laterRefused.map(row => row.line).join(', ') })}
                </Typography>
            )}
            {preview && report.accepted === 0 && <Alert severity="warning">{translate('app.csv_import.nothing_to_import')}</Alert>}
        </>
    );
};
