import { useRef, useState, type ChangeEvent } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
    Alert,
    Box,
    Button as MuiButton,
    Chip,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    LinearProgress,
    Stack,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { Button, useGetIdentity, useRefresh, useResourceContext, useTranslate } from 'react-admin';

import { roleAllows } from '../../schema/access';
import { API_URL } from '../config';
import { httpClient } from '../http/httpClient';
import { errorReason } from './errorReason';
import { ImportReportTable, PREVIEW_ROWS, type ImportReport } from './ImportReportTable';

/** The server's own caps (server/features/imports/csvImport.ts), checked here first so a wrong file is named at once. */
const MAX_BYTES = 2 * 1024 * 1024;

type Step =
    | { name: 'pick' }
    | { name: 'busy'; label: string }
    | { name: 'preview'; file: File; report: ImportReport }
    | { name: 'done'; report: ImportReport };

/**
 * Import from a CSV file, for administrators, on lists whose schema takes one (`import: true`): pick a
 * file → the server checks every row without writing (a dry run) → a preview with the counts and each
 * refused row's reasons → Import writes the valid rows in one transaction → the report; the list reloads.
 * A file the server cannot read (or too big, or not .csv) is named in words and another may be picked.
 */
export const ImportButton = ({ path }: { path: string }) => {
    const translate = useTranslate();
    const resource = useResourceContext();
    const refresh = useRefresh();
    const { identity } = useGetIdentity();
    const isPhone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    const [open, setOpen] = useState(false);
    const [step, setStep] = useState<Step>({ name: 'pick' });
    const [error, setError] = useState<string>();
    const input = useRef<HTMLInputElement>(null);

    // The API refuses anyone else (403); the button is not offered to them.
    if (!identity || !roleAllows('admin', Number(identity.roleId))) return null;

    const send = async (file: File, dryRun: boolean): Promise<ImportReport> => {
        const { json } = await httpClient(`${API_URL}${path}/import${dryRun ? '?dryRun=true' : ''}`, {
            method: 'POST',
            body: file,
            headers: { Accept: 'application/json', 'Content-Type': 'text/csv' },
        });
        return json as ImportReport;
    };

    const fail = (reason: unknown) => {
        const { key, args } = errorReason(reason);
        setError(translate(key, args));
        setStep({ name: 'pick' });
    };

    const preview = async (event: ChangeEvent<HTMLInputElement>) => {
        const file = event.target.files?.[0];
        event.target.value = ''; // the same file may be picked again after it is corrected
        if (!file) return;
        setError(undefined);
        if (!/\.csv$/i.test(file.name) && !/csv/.test(file.type)) return setError(translate('app.csv_import.not_csv'));
        if (file.size > MAX_BYTES) return setError(translate('app.csv_import.too_big'));
        setStep({ name: 'busy', label: 'app.csv_import.reading' });
        try {
            setStep({ name: 'preview', file, report: await send(file, true) });
        } catch (reason) {
            fail(reason);
        }
    };

    const importRows = async (file: File) => {
        setStep({ name: 'busy', label: 'app.csv_import.importing' });
        try {
            const report = await send(file, false);
            setStep({ name: 'done', report });
            refresh();
        } catch (reason) {
            fail(reason);
        }
    };

    const close = () => {
        setOpen(false);
        setStep({ name: 'pick' });
        setError(undefined);
    };

    const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
    const report = step.name === 'preview' || step.name === 'done' ? step.report : undefined;
    const shown = report ? report.rows.slice(0, PREVIEW_ROWS) : [];
    const laterRefused = report ? report.rows.slice(PREVIEW_ROWS).filter(row => row.status === 'refused') : [];

    return (
        <>
            <Button label="app.csv_import.button" onClick={() => setOpen(true)}>
                <UploadFileIcon />
            </Button>
            <Dialog open={open} onClose={step.name === 'busy' ? undefined : close} fullScreen={isPhone} fullWidth maxWidth="md" aria-labelledby="csv-import-title">
                <DialogTitle id="csv-import-title">
                    {step.name === 'done' ? translate('app.csv_import.done_title') : translate('app.csv_import.title', { name: name.toLowerCase() })}
                </DialogTitle>
                <DialogContent>
                    <Stack spacing={2}>
                        {step.name !== 'done' && <Typography variant="body2">{translate('app.csv_import.hint')}</Typography>}
                        {error && (
                            <Alert severity="error" role="alert">
                                {error}
                            </Alert>
                        )}
                        {step.name === 'busy' && (
                            <Box>
                                <Typography variant="body2">{translate(step.label)}</Typography>
                                <LinearProgress />
                            </Box>
                        )}
                        {report && (
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
                                        {translate('app.csv_import.ignored', { columns: report.ignoredColumns.join(', ') })}
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
                                {step.name === 'preview' && report.accepted === 0 && <Alert severity="warning">{translate('app.csv_import.nothing_to_import')}</Alert>}
                            </>
                        )}
                    </Stack>
                    <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={preview} data-testid="csv-import-file" />
                </DialogContent>
                <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {step.name === 'done' ? (
                        <MuiButton onClick={close} variant="contained">
                            {translate('app.csv_import.close')}
                        </MuiButton>
                    ) : (
                        <>
                            <MuiButton onClick={close} disabled={step.name === 'busy'}>
                                {translate('app.csv_import.cancel')}
                            </MuiButton>
                            <MuiButton onClick={() => input.current?.click()} disabled={step.name === 'busy'} variant={step.name === 'preview' ? 'outlined' : 'contained'}>
                                {translate(step.name === 'preview' ? 'app.csv_import.other_file' : 'app.csv_import.pick')}
                            </MuiButton>
                            {step.name === 'preview' && (
                                <MuiButton variant="contained" disabled={step.report.accepted === 0} onClick={() => importRows(step.file)}>
                                    {translate('app.csv_import.import', { smart_count: step.report.accepted })}
                                </MuiButton>
                            )}
                        </>
                    )}
                </DialogActions>
            </Dialog>
        </>
    );
};
