import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { useMutation } from '@tanstack/react-query';
import {
    Button,
    Confirm,
    useDataProvider,
    useGetRecordRepresentation,
    useListContext,
    useNotify,
    useRefresh,
    useResourceContext,
    useTranslate,
} from 'react-admin';

import type { AppDataProvider } from '../dataProvider';
import type { BulkAction, BulkMethods, BulkResult } from '../dataProvider/bulkMethods';
import { useNotifyError } from './useNotifyError';

const icons = { activate: <ToggleOnIcon />, deactivate: <ToggleOffIcon />, delete: <DeleteIcon /> };
const colors = { activate: 'success', deactivate: 'warning', delete: 'error' } as const;

/**
 * Activates, deactivates or deletes the selected rows in ONE request (`bulk`); the server does all in one
 * transaction and answers each row's outcome. Says how many were done and, row by row, why the others were
 * refused; those stay selected. Delete asks first.
 */
export const BulkActionButton = ({ action }: { action: BulkAction }) => {
    const { selectedIds, data, onSelect } = useListContext();
    const resource = useResourceContext()!;
    const dataProvider = useDataProvider<AppDataProvider & BulkMethods>();
    const notify = useNotify();
    const notifyError = useNotifyError('bulk_error');
    const refresh = useRefresh();
    const translate = useTranslate();
    const represent = useGetRecordRepresentation(resource);
    const [asking, setAsking] = useState(false);

    const nameOf = (id: unknown) => {
        const record = data?.find(row => String(row.id) === String(id));
        return record ? String(represent(record)) : `#${id}`;
    };

    const report = ({ results }: BulkResult) => {
        const refused = results.filter(row => !row.ok);
        const done = results.length - refused.length;
        const summary = translate(`app.bulk.done_${action}`, { smart_count: done });
        if (refused.length === 0) {
            notify(summary, { type: 'success' });
        } else {
            const reasons = refused.map(row => `${nameOf(row.id)}: ${row.message ?? translate('app.bulk.refused')}`);
            notify([summary, translate('app.bulk.refused_rows', { smart_count: refused.length }), ...reasons].join('\n'), {
                type: done ? 'warning' : 'error',
                multiLine: true,
                autoHideDuration: 10_000,
            });
        }
        onSelect(refused.map(row => row.id));
        refresh();
    };

    const { mutate, isPending } = useMutation({
        mutationFn: () => dataProvider.bulk(resource, { ids: selectedIds, action }),
        onSuccess: report,
        onError: notifyError,
    });

    const run = () => {
        setAsking(false);
        mutate();
    };

    return (
        <>
            <Button
                label={`app.bulk.${action}`}
                color={colors[action]}
                onClick={() => (action === 'delete' ? setAsking(true) : run())}
                disabled={isPending || selectedIds.length === 0}
            >
                {icons[action]}
            </Button>
            {action === 'delete' && (
                <Confirm
                    isOpen={asking}
                    loading={isPending}
                    title="app.bulk.confirm_delete_title"
                    content="app.bulk.confirm_delete"
                    translateOptions={{ smart_count: selectedIds.length }}
                    contentTranslateOptions={{ smart_count: selectedIds.length }}
                    onConfirm={run}
                    onClose={() => setAsking(false)}
                />
            )}
        </>
    );
};
