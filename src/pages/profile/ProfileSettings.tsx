import { Button, Typography } from '@mui/material';
import { BooleanInput, Form, useTranslate } from 'react-admin';

import type { ProfileData, UseProfile } from './useProfile';
import { KEEP_TYPED } from '../../common/keepTyped';

/** The Settings tab: which mails the user wants. Contact alerts are for staff, who read the inbox. */
export const ProfileSettings = ({ profile, save }: { profile: ProfileData } & Pick<UseProfile, 'save'>) => {
    const translate = useTranslate();
    const staff = profile.roleId === 1 || profile.roleId === 2;
    const submit = (values: Record<string, unknown>) =>
        save.mutate({ securityAlerts: Boolean(values.securityAlerts), ...(staff ? { contactAlerts: Boolean(values.contactAlerts) } : {}) });
    return (
        <Form record={profile} resetOptions={KEEP_TYPED} onSubmit={submit}>
            <Typography variant="h6" component="h2" gutterBottom>
                {translate('people.profile.settings_title')}
            </Typography>
            <BooleanInput source="securityAlerts" label="people.profile.fields.securityAlerts" />
            {staff && <BooleanInput source="contactAlerts" label="people.profile.fields.contactAlerts" />}
            <Button type="submit" variant="contained" disabled={save.isPending}>
                {translate('people.profile.save')}
            </Button>
        </Form>
    );
};
