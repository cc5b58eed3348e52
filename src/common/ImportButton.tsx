import { useRef } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
    Alert,
    Box,
    Button as MuiButton,
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
import { Button, useGetIdentity, useResourceContext, useTranslate } from 'react-admin';

import { roleAllows } from '../../schema/access';
import { ImportReportSummary } from './ImportReportSummary';
import { useCsvImport, type ImportStep } from './useCsvImport';

/**
 * Import from a CSV file, for administrators, on lists whose schema takes one (`import: true`): pick a
 * file → the server checks every row without writing (a dry run) → a preview with the counts and each
 * refused row's reasons → Import writes the valid rows in one transaction → the report; the list reloads.
 * A file the server cannot read (or too big, or not .csv) is named in words and another may be picked.
 */
export const ImportButton = ({ path }: { path: string }) => {
    const translate = useTranslate();
    const resource = useResourceContext();
    const { identity } = useGetIdentity();
    const isPhone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
    const { open, openDialog, close, step, error, preview, importRows } = useCsvImport(path);
    const input = useRef<HTMLInputElement>(null);

    // The API refuses anyone else (403); the button is not offered to them.
    if (!identity || !roleAllows('admin', Number(identity.roleId))) return null;

    const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
    const report = step.name === 'preview' || step.name === 'done' ? step.report : undefined;

    return (
        <>
            <Button label="app.csv_import.button" onClick={openDialog}>
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
                        {report && <ImportReportSummary report={report} preview={step.name === 'preview'} />}
                    </Stack>
                    <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={preview} data-testid="csv-import-file" />
                </DialogContent>
                <ImportActions step={step} close={close} pick={() => input.current?.click()} importRows={importRows} />
            </Dialog>
        </>
    );
};

/** Close when done; otherwise cancel, pick (another) file, and import once a preview has valid rows. */
const ImportActions = ({ step, close, pick, importRows }: { step: ImportStep; close: () => void; pick: () => void; importRows: (file: File) => void }) => {
    const translate = useTranslate();
    return (
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
                    <MuiButton onClick={pick} disabled={step.name === 'busy'} variant={step.name === 'preview' ? 'outlined' : 'contained'}>
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
    );
};
