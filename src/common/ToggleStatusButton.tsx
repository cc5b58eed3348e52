import { useState, type MouseEvent } from 'react';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { useQueryClient } from '@tanstack/react-query';
import { IconButton, Tooltip } from '@mui/material';
import {
    Confirm,
    useDataProvider,
    useMutationWithMutationMode,
    useNotify,
    useRecordContext,
    useResourceContext,
    useTranslate,
    type RaRecord,
} from 'react-admin';

import type { AppDataProvider, ToggleStatusParams, ToggleStatusResult } from '../dataProvider';
import type { Status } from '../types';
import { changeCachedRecords, resourceQueryKeys } from './cachedRecords';
import { useRowMay } from './RowAccess';
import { useNotifyError } from './useNotifyError';

export interface ToggleStatusButtonProps {
    /**
     * i18n key of a question to ask first, e.g. 'Are you sure you want to %{action} this subcategory?';
     * `action` is the translated verb (activate / deactivate).
     */
    confirm?: string;
    /** Notify the server's own words on success (the legacy attribute screen does) rather than `…toggled`. */
    serverMessage?: boolean;
}

/**
 * Activate / Deactivate icon button for the current record (the switch as it stands, the action in its tooltip
 * and name), undoable: the row shows its new status at once and
 * `resources.<resource>.notifications.toggled` offers Undo; the request leaves only when that notification
 * closes. A refusal then shows the server's message (or `…toggle_error`) and the row gets its status back.
 */
export const ToggleStatusButton = ({ confirm, serverMessage = false }: ToggleStatusButtonProps) => {
    const record = useRecordContext<RaRecord & { status: Status }>();
    const resource = useResourceContext();
    const dataProvider = useDataProvider<AppDataProvider>();
    const notify = useNotify();
    const notifyError = useNotifyError('toggle_error');
    const queryClient = useQueryClient();
    const translate = useTranslate();
    const [asking, setAsking] = useState(false);
    const canAccess = useRowMay('toggle');

    const [mutate, { isPending }] = useMutationWithMutationMode<unknown, { data: ToggleStatusResult }, ToggleStatusParams>(
        undefined,
        {
            mutationMode: 'undoable',
            // The whole answer is the mutation's data: its `message` is the server's own words.
            mutationFn: async params => ({ data: await dataProvider.toggleStatus(resource!, params) }),
            updateCache: ({ id, status }, _options, result) => {
                changeCachedRecords(queryClient, resource!, [id!], row => ({ ...row, status }));
                return result as ToggleStatusResult;
            },
            getQueryKeys: () => resourceQueryKeys(resource!),
            onSuccess: () => notify(`resources.${resource}.notifications.toggled`, { type: 'success', undoable: true }),
            onError: notifyError,
            onSettled: result => {
                if (serverMessage && result?.message) notify(result.message, { type: 'success' });
            },
        }
    );

    if (!record || !resource || !canAccess) return null;
    const active = Number(record.status) === 1;
    const toggle = () => {
        setAsking(false);
        mutate({ id: record.id, status: active ? 0 : 1 });
    };
    const label = translate(active ? 'app.action.deactivate' : 'app.action.activate');
    const handleClick = (event: MouseEvent) => {
        // The button sits in a clickable table row.
        event.stopPropagation();
        if (isPending) return;
        if (confirm) setAsking(true);
        else toggle();
    };

    return (
        <>
            <Tooltip title={label}>
                <IconButton
                    aria-label={label}
                    color={active ? 'success' : 'default'}
                    size="small"
                    onClick={handleClick}
                    // Not `disabled`: a tooltip cannot follow a disabled button.
                    aria-disabled={isPending}
                >
                    {active ? <ToggleOnIcon /> : <ToggleOffIcon />}
                </IconButton>
            </Tooltip>
            {/* Mounted only while asked: a closed dialog in each of 100 rows still costs its hooks. */}
            {confirm && asking && (
                <Confirm
                    isOpen={asking}
                    loading={isPending}
                    title="app.action.confirm_toggle_title"
                    content={confirm}
                    contentTranslateOptions={{
                        action: translate(active ? 'app.action.deactivate_verb' : 'app.action.activate_verb'),
                    }}
                    onConfirm={toggle}
                    onClose={() => setAsking(false)}
                />
            )}
        </>
    );
};
