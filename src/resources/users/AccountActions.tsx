import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';

import type { AppDataProvider } from '../../dataProvider';
import { refusal } from '../../pages/api';
import { ROLE, roleChoices, roleKey } from './roles';

interface UserRecord {
    id: number;
    name: string;
    roleId: number;
    status: number;
}

/**
 * What an administrator can do to an account: change its role and disable or enable it (each a PUT of the one
 * field on /api/v1/users/{id}), each asked first. The server refuses the rest (themselves, the last administrator) and says why.
 */
export const AccountActions = () => {
    const record = useRecordContext<UserRecord>();
    const { identity } = useGetIdentity();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<AppDataProvider>();
    const [update, { isPending: changingRole }] = useUpdate();
    const [roleId, setRoleId] = useState<number>();
    const [asking, setAsking] = useState<'disable' | 'role' | null>(null);
    const onError = (error: unknown) => notify(refusal(error) ?? 'resources.users.notifications.change_error', { type: 'error' });

    const toggle = useMutation({
        mutationFn: (status: 0 | 1) => dataProvider.toggleStatus('users', { id: record!.id, status }),
        onSuccess: (_result, status) => {
            notify(status ? 'resources.users.notifications.enabled' : 'resources.users.notifications.disabled', { type: 'success' });
            refresh();
        },
        onError,
    });

    if (!record || !identity) return null;
    if (identity.roleId !== ROLE.admin) return <Alert severity="info">{translate('resources.users.actions.only_admin')}</Alert>;
    if (identity.id === record.id) return <Alert severity="info">{translate('resources.users.actions.self')}</Alert>;

    const chosen = roleId ?? record.roleId;
    const roleName = (id: number) => translate(`resources.users.roles.${roleKey(id)}`);
    const active = Number(record.status) === 1;
    const changeRole = () =>
        update(
            'users',
            { id: record.id, data: { roleId: chosen }, previousData: record },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    notify('resources.users.notifications.role_changed', {
                        type: 'success',
                        messageArgs: { role: roleName(chosen) },
                    });
                    setRoleId(undefined);
                },
                onError,
            },
        );

    return (
        <Box>
            <Typography variant="h6" component="h2" gutterBottom>
                {translate('resources.users.actions.title')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <TextField
                    select
                    size="small"
                    label={translate('resources.users.actions.new_role')}
                    value={chosen}
                    onChange={(event) => setRoleId(Number(event.target.value))}
                    sx={{ width: 220 }}
                >
                    {roleChoices.map((choice) => (
                        <MenuItem key={choice.id} value={choice.id}>
                            {translate(choice.name)}
                        </MenuItem>
                    ))}
                </TextField>
                <Button variant="contained" onClick={() => setAsking('role')} disabled={changingRole || roleKey(chosen) === roleKey(record.roleId)}>
                    {translate('resources.users.actions.change_role')}
                </Button>
                <Button
                    variant="outlined"
                    color={active ? 'error' : 'success'}
                    onClick={() => (active ? setAsking('disable') : toggle.mutate(1))}
                    disabled={toggle.isPending}
                >
                    {translate(active ? 'resources.users.actions.disable' : 'resources.users.actions.enable')}
                </Button>
            </Box>
            <Confirm
                isOpen={asking === 'disable'}
                loading={toggle.isPending}
                title="resources.users.actions.confirm_disable_title"
                content="resources.users.actions.confirm_disable"
                contentTranslateOptions={{ name: record.name }}
                onConfirm={() => {
                    setAsking(null);
                    toggle.mutate(0);
                }}
                onClose={() => setAsking(null)}
            />
            {/* A role decides what someone may see and change in the shop: asked first, naming both roles. */}
            <Confirm
                isOpen={asking === 'role'}
                loading={changingRole}
                title="resources.users.actions.confirm_role_title"
                titleTranslateOptions={{ name: record.name }}
                content="resources.users.actions.confirm_role"
                contentTranslateOptions={{ name: record.name, from: roleName(record.roleId), to: roleName(chosen) }}
                confirm="resources.users.actions.confirm_role_button"
                confirmColor="warning"
                onConfirm={() => {
                    setAsking(null);
                    changeRole();
                }}
                onClose={() => setAsking(null)}
            />
        </Box>
    );
};
