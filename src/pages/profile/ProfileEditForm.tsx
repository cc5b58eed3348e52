import { useRef, type ChangeEvent } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { Form, maxLength, regex, required, TextInput, useTranslate } from 'react-admin';

import { ProfileAvatar } from './ProfileAvatar';
import type { ProfileData, UseProfile } from './useProfile';
import { KEEP_TYPED } from '../../common/keepTyped';

const link = [regex(/^\s*(https?:\/\/\S+)?\s*$/, 'people.profile.invalid_link'), maxLength(300)];
const EDITABLE = ['fullName', 'about', 'company', 'jobTitle', 'country', 'address', 'phone', 'twitter', 'facebook', 'instagram', 'linkedin'] as const;

/** The Edit Profile tab: the profile's fields, the picture, saved with POST /profile/me. */
export const ProfileEditForm = ({ profile, save, upload }: { profile: ProfileData } & Pick<UseProfile, 'save' | 'upload'>) => {
    const translate = useTranslate();
    const picker = useRef<HTMLInputElement>(null);
    const submit = (values: Record<string, unknown>) =>
        save.mutate(Object.fromEntries(EDITABLE.map((field) => [field, values[field] ?? ''])) as Partial<ProfileData>);
    const pick = (event: ChangeEvent<HTMLInputElement>) => {
        const file = event.target.files?.[0];
        if (file) upload.mutate(file);
        event.target.value = '';
    };
    const label = (field: string) => `people.profile.fields.${field}`;

    return (
        <Box>
            <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
                <ProfileAvatar profile={profile} size={72} />
                <Button variant="outlined" size="small" onClick={() => picker.current?.click()} disabled={upload.isPending}>
                    {translate('people.profile.change_picture')}
                </Button>
                {profile.profileImage && (
                    <Button color="error" size="small" onClick={() => save.mutate({ profileImage: '' } as Partial<ProfileData>)} disabled={save.isPending}>
                        {translate('people.profile.remove_picture')}
                    </Button>
                )}
                <input ref={picker} type="file" accept="image/jpeg,image/png,image/gif,image/webp" hidden onChange={pick} data-testid="picture-input" />
            </Stack>
            <Form record={profile} resetOptions={KEEP_TYPED} onSubmit={submit} mode="onTouched">
                <TextInput source="fullName" label={label('fullName')} validate={[required('people.profile.full_name_required'), maxLength(120)]} fullWidth />
                <TextInput source="about" label={label('about')} multiline minRows={3} validate={maxLength(2000)} fullWidth />
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
                    <TextInput source="company" label={label('company')} validate={maxLength(120)} />
                    <TextInput source="jobTitle" label={label('jobTitle')} validate={maxLength(120)} />
                    <TextInput source="country" label={label('country')} validate={maxLength(80)} />
                    <TextInput source="phone" label={label('phone')} validate={regex(/^\s*(\+?\d{10,15})?\s*$/, 'people.profile.invalid_phone')} />
                </Box>
                <TextInput source="address" label={label('address')} validate={maxLength(500)} fullWidth />
                <TextInput source="email" label={label('email')} disabled helperText="people.profile.email_hint" fullWidth />
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
                    {(['twitter', 'facebook', 'instagram', 'linkedin'] as const).map((site) => (
                        <TextInput key={site} source={site} label={label(site)} type="url" validate={link} placeholder="https://" />
                    ))}
                </Box>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                    {translate('people.profile.save')}
                </Button>
            </Form>
        </Box>
    );
};
