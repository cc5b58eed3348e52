import { useState } from 'react';
import { Alert, Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';

import { PageHeading } from '../../common/PageHeading';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileOverview } from './ProfileOverview';
import { ProfileSettings } from './ProfileSettings';
import { useProfile } from './useProfile';

const TABS = ['overview', 'edit', 'settings', 'password'] as const;

/** /Profile: the signed-in user's card and the tabs Overview, Edit Profile, Settings, Change Password, all of them wired. */
export const Profile = () => {
    const translate = useTranslate();
    const { profile, isPending, error, save, upload, changePassword } = useProfile();
    const [tab, setTab] = useState<(typeof TABS)[number]>('overview');

    if (isPending) return <Loading />;
    if (error || !profile) return <Alert severity="error" sx={{ m: 2 }}>{translate('people.profile.load_error')}</Alert>;

    return (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '320px 1fr' }, gap: 2, mt: 2, alignItems: 'start' }}>
            <Title title="people.profile.title" />
            <PageHeading title="people.profile.title" sx={{ gridColumn: '1 / -1' }} />
            <Card>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}>
                    <ProfileAvatar profile={profile} />
                    <Typography variant="h6" component="p">
                        {profile.fullName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {[profile.jobTitle, profile.role].filter(Boolean).join(' · ')}
                    </Typography>
                </CardContent>
            </Card>
            <Card>
                <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
                    {TABS.map((name) => (
                        <Tab key={name} value={name} label={translate(`people.profile.tabs.${name}`)} />
                    ))}
                </Tabs>
                <CardContent role="tabpanel">
                    {tab === 'overview' && <ProfileOverview profile={profile} />}
                    {tab === 'edit' && <ProfileEditForm profile={profile} save={save} upload={upload} />}
                    {tab === 'settings' && <ProfileSettings profile={profile} save={save} />}
                    {tab === 'password' && <ChangePasswordForm profile={profile} changePassword={changePassword} />}
                </CardContent>
            </Card>
        </Box>
    );
};
