import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { Form, minLength, PasswordInput, required, useTranslate } from 'react-admin';

import { sameAs } from '../rules';
import type { ProfileData, UseProfile } from './useProfile';

const newRules = [required('people.profile.short_password'), minLength(6, 'people.profile.short_password')];
const againRules = [required('people.profile.passwords_differ'), sameAs('newPassword', 'people.profile.passwords_differ')];

/** The Change Password tab: the current password first, unless the account never had one (it signs in by code). */
export const ChangePasswordForm = ({ profile, changePassword }: { profile: ProfileData } & Pick<UseProfile, 'changePassword'>) => {
    const translate = useTranslate();
    // A new key empties the form after a change.
    const [round, setRound] = useState(0);
    const submit = (values: Record<string, unknown>) =>
        changePassword.mutate(
            { ...(profile.hasPassword ? { currentPassword: String(values.currentPassword ?? '') } : {}), newPassword: String(values.newPassword) },
            { onSuccess: () => setRound((n) => n + 1) },
        );
    return (
        <Form key={round} onSubmit={submit} mode="onTouched">
            {!profile.hasPassword && (
                <Alert severity="info" sx={{ mb: 2 }}>
                    {translate('people.profile.first_password')}
                </Alert>
            )}
            {profile.hasPassword && (
                <PasswordInput
                    source="currentPassword"
                    label="people.profile.fields.currentPassword"
                    validate={required('people.profile.current_required')}
                    autoComplete="current-password"
                    fullWidth
                />
            )}
            <PasswordInput source="newPassword" label="people.profile.fields.newPassword" validate={newRules} autoComplete="new-password" fullWidth />
            <PasswordInput source="renewPassword" label="people.profile.fields.renewPassword" validate={againRules} autoComplete="new-password" fullWidth />
            <Button type="submit" variant="contained" disabled={changePassword.isPending}>
                {translate('people.profile.change_password')}
            </Button>
        </Form>
    );
};
