import { useState, type ChangeEvent } from 'react';
import { useRefresh, useTranslate } from 'react-admin';

import { API_URL } from '../config';
import { httpClient } from '../http/httpClient';
import { errorReason } from './errorReason';
import type { ImportReport } from './ImportReportTable';

/** The server's own caps (server/features/imports/csvImport.ts), checked here first so a wrong file is named at once. */
const MAX_BYTES = 2 * 1024 * 1024;

export type ImportStep =
    | { name: 'pick' }
    | { name: 'busy'; label: string }
    | { name: 'preview'; file: File; report: ImportReport }
    | { name: 'done'; report: ImportReport };

/**
 * A CSV import's steps for the list at `path`: a picked file is checked by a dry run (`preview`), then its valid rows
 * written (`importRows`) and the list reloaded. A file the server cannot read, or one too big or not .csv, is named in
 * `error` and the dialog goes back to picking.
 */
export const useCsvImport = (path: string) => {
    const translate = useTranslate();
    const refresh = useRefresh();
    const [open, setOpen] = useState(false);
    const [step, setStep] = useState<ImportStep>({ name: 'pick' });
    const [error, setError] = useState<string>();

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

    return { open, openDialog: () => setOpen(true), close, step, error, preview, importRows };
};
