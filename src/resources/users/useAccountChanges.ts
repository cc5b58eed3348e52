import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';

import type { AppDataProvider } from '../../dataProvider';
import { refusal } from '../../pages/api';
import { roleKey } from './roles';

/** An account as AccountActions changes it. */
export interface UserRecord {
    id: number;
    name: string;
    roleId: number;
    status: number;
}

/**
 * The two changes an administrator makes to an account: its status (toggle, 1 enables, 0 disables) and its role
 * (changeRole, shown once the server has saved it). A refusal is notified with the server's reason.
 */
export const useAccountChanges = (record: UserRecord | undefined) => {
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<AppDataProvider>();
    const [update, { isPending: changingRole }] = useUpdate();
    const onError = (error: unknown) => notify(refusal(error) ?? 'resources.users.notifications.change_error', { type: 'error' });

    const toggle = useMutation({
        mutationFn: (status: 0 | 1) => dataProvider.toggleStatus('users', { id: record!.id, status }),
        onSuccess: (_result, status) => {
            notify(status ? 'resources.users.notifications.enabled' : 'resources.users.notifications.disabled', { type: 'success' });
            refresh();
        },
        onError,
    });

    const changeRole = (chosen: number, onChanged: () => void) =>
        update(
            'users',
            { id: record!.id, data: { roleId: chosen }, previousData: record },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    notify('resources.users.notifications.role_changed', {
                        type: 'success',
                        messageArgs: { role: translate(`resources.users.roles.${roleKey(chosen)}`) },
                    });
                    onChanged();
                },
                onError,
            },
        );

    return { toggle, changeRole, changingRole };
};
