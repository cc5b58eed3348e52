import { useState, type MouseEvent } from 'react';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { useMutation } from '@tanstack/react-query';
import {
    Button,
    Confirm,
    useCanAccess,
    useDataProvider,
    useNotify,
    useRecordContext,
    useRefresh,
    useResourceContext,
    useTranslate,
    type RaRecord,
} from 'react-admin';

import type { AppDataProvider } from '../dataProvider';
import type { Status } from '../types';
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
 * Activate / Deactivate button for the current record. Notifies `resources.<resource>.notifications.toggled`
 * (or the server's message) on success, `…toggle_error` (or the server's message) on failure.
 */
export const ToggleStatusButton = ({ confirm, serverMessage = false }: ToggleStatusButtonProps) => {
    const record = useRecordContext<RaRecord & { status: Status }>();
    const resource = useResourceContext();
    const dataProvider = useDataProvider<AppDataProvider>();
    const notify = useNotify();
    const notifyError = useNotifyError('toggle_error');
    const refresh = useRefresh();
    const translate = useTranslate();
    const [asking, setAsking] = useState(false);
    const { canAccess } = useCanAccess({ action: 'toggle', resource, record });

    const { mutate, isPending } = useMutation({
        mutationFn: (params: { id: RaRecord['id']; status: Status }) =>
            dataProvider.toggleStatus(resource!, params),
        onSuccess: ({ message }) => {
            const fallback = `resources.${resource}.notifications.toggled`;
            notify(serverMessage && message ? message : fallback, { type: 'success', messageArgs: { _: message } });
            refresh();
        },
        onError: notifyError,
    });

    if (!record || !resource || !canAccess) return null;
    const active = Number(record.status) === 1;
    const toggle = () => {
        setAsking(false);
        mutate({ id: record.id, status: active ? 0 : 1 });
    };
    const handleClick = (event: MouseEvent) => {
        // The button sits in a clickable table row.
        event.stopPropagation();
        if (confirm) setAsking(true);
        else toggle();
    };

    return (
        <>
            <Button
                label={active ? 'app.action.deactivate' : 'app.action.activate'}
                color={active ? 'warning' : 'success'}
                onClick={handleClick}
                disabled={isPending}
                // The same width for both labels, so that the column does not shift when one turns into the other.
                sx={{ minWidth: '9.5em', justifyContent: 'flex-start' }}
            >
                {active ? <ToggleOffIcon /> : <ToggleOnIcon />}
            </Button>
            {confirm && (
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
