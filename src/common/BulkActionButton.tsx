import { useRef, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { useQueryClient } from '@tanstack/react-query';
import {
    Button,
    Confirm,
    useDataProvider,
    useGetRecordRepresentation,
    useListContext,
    useMutationWithMutationMode,
    useNotify,
    useResourceContext,
    useTranslate,
} from 'react-admin';

import type { AppDataProvider } from '../dataProvider';
import type { BulkAction, BulkMethods, BulkParams, BulkResult } from '../dataProvider/bulkMethods';
import { changeCachedRecords, resourceQueryKeys, type RecordChange } from './cachedRecords';
import { useNotifyError } from './useNotifyError';

const icons = { activate: <ToggleOnIcon />, deactivate: <ToggleOffIcon />, delete: <DeleteIcon /> };
const colors = { activate: 'success', deactivate: 'warning', delete: 'error' } as const;
const changes: Record<BulkAction, RecordChange> = {
    activate: row => ({ ...row, status: 1 }),
    deactivate: row => ({ ...row, status: 0 }),
    delete: () => undefined,
};

/**
 * Activates, deactivates or deletes the selected rows in ONE request (`bulk`), undoably: the rows change at
 * once and the notification offers Undo; the request leaves when it closes. The server does all in one
 * transaction and answers each row's outcome; refused rows come back, are named with the server's reason,
 * and are selected again. Delete asks first.
 */
export const BulkActionButton = ({ action }: { action: BulkAction }) => {
    const { selectedIds, data, onSelect, onUnselectItems } = useListContext();
    const resource = useResourceContext()!;
    const dataProvider = useDataProvider<AppDataProvider & BulkMethods>();
    const notify = useNotify();
    const notifyError = useNotifyError('bulk_error');
    const queryClient = useQueryClient();
    const translate = useTranslate();
    const represent = useGetRecordRepresentation(resource);
    const [asking, setAsking] = useState(false);

    // Named at the click: by the time the server answers, the rows have left the (optimistic) list.
    const names = useRef(new Map<string, string>());
    const nameOf = (id: unknown) => names.current.get(String(id)) ?? `#${id}`;

    /** Once the server answered: the refusals, row by row (the undoable notification already said the rest). */
    const report = ({ results }: BulkResult) => {
        const refused = results.filter(row => !row.ok);
        if (refused.length === 0) return;
        const done = results.length - refused.length;
        const summary = translate(`app.bulk.done_${action}`, { smart_count: done });
        const reasons = refused.map(row => `${nameOf(row.id)}: ${row.message ?? translate('app.bulk.refused')}`);
        notify([summary, translate('app.bulk.refused_rows', { smart_count: refused.length }), ...reasons].join('\n'), {
            type: done ? 'warning' : 'error',
            multiLine: true,
            autoHideDuration: 10_000,
        });
        onSelect(refused.map(row => row.id));
    };

    const [mutate, { isPending }] = useMutationWithMutationMode<unknown, { data: BulkResult }, BulkParams>(
        undefined,
        {
            mutationMode: 'undoable',
            mutationFn: async params => ({ data: await dataProvider.bulk(resource, params) }),
            updateCache: ({ ids = [] }, _options, result) => {
                changeCachedRecords(queryClient, resource, ids, changes[action]);
                return result as BulkResult;
            },
            getQueryKeys: () => resourceQueryKeys(resource),
            onSuccess: (_result, { ids = [] }) =>
                notify(`app.bulk.done_${action}`, { type: 'success', undoable: true, messageArgs: { smart_count: ids.length } }),
            onError: notifyError,
            onSettled: result => result && report(result),
        }
    );

    const run = () => {
        setAsking(false);
        names.current = new Map((data ?? []).map(row => [String(row.id), String(represent(row))]));
        mutate({ ids: selectedIds, action });
        onUnselectItems();
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
