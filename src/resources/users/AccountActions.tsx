import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { Confirm, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';

import { ROLE, roleChoices, roleKey } from './roles';
import { useAccountChanges, type UserRecord } from './useAccountChanges';

/**
 * What an administrator can do to an account: change its role and disable or enable it (each a PUT of the one
 * field on /api/v1/users/{id}), each asked first. The server refuses the rest (themselves, the last administrator) and says why.
 */
export const AccountActions = () => {
    const record = useRecordContext<UserRecord>();
    const { identity } = useGetIdentity();
    const translate = useTranslate();
    const { toggle, changeRole, changingRole } = useAccountChanges(record);
    const [roleId, setRoleId] = useState<number>();
    const [asking, setAsking] = useState<'disable' | 'role' | null>(null);

    if (!record || !identity) return null;
    if (identity.roleId !== ROLE.admin) return <Alert severity="info">{translate('resources.users.actions.only_admin')}</Alert>;
    if (identity.id === record.id) return <Alert severity="info">{translate('resources.users.actions.self')}</Alert>;

    const chosen = roleId ?? record.roleId;
    const roleName = (id: number) => translate(`resources.users.roles.${roleKey(id)}`);
    const active = Number(record.status) === 1;

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
                    changeRole(chosen, () => setRoleId(undefined));
                }}
                onClose={() => setAsking(null)}
            />
        </Box>
    );
};
