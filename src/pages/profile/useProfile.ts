import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';

import { getJson, postFile, postJson, refusal } from '../api';

/** The signed-in user's profile as GET /profile/me answers it. */
export interface ProfileData {
    id: number;
    fullName: string;
    email: string;
    phone: string | null;
    address: string | null;
    jobTitle: string | null;
    company: string | null;
    country: string | null;
    about: string | null;
    profileImage: string | null;
    twitter: string | null;
    facebook: string | null;
    instagram: string | null;
    linkedin: string | null;
    securityAlerts: boolean;
    contactAlerts: boolean;
    roleId: number;
    role: string;
    hasPassword: boolean;
    createdAt: string;
}

const KEY = ['profile', 'me'];

type Saved = { data: ProfileData; message: string };

/** Reads the own profile and saves it through the same resource: POST /profile/me, its picture and its password. */
export const useProfile = () => {
    const queryClient = useQueryClient();
    const notify = useNotify();
    const query = useQuery({ queryKey: KEY, queryFn: () => getJson<ProfileData>('/profile/me') });

    const onError = (fallback: string) => (error: unknown) => notify(refusal(error) ?? fallback, { type: 'error' });
    const onSaved = (message: string) => (saved: Saved) => {
        queryClient.setQueryData(KEY, saved.data);
        notify(message, { type: 'success' });
    };

    const save = useMutation({
        mutationFn: (values: Partial<ProfileData>) => postJson<Saved>('/profile/me', values),
        onSuccess: onSaved('people.profile.saved'),
        onError: onError('people.profile.save_error'),
    });
    const upload = useMutation({
        mutationFn: (file: File) => postFile<Saved>('/profile/me/picture', file),
        onSuccess: onSaved('people.profile.picture_saved'),
        onError: onError('people.profile.save_error'),
    });
    const changePassword = useMutation({
        mutationFn: (values: { currentPassword?: string; newPassword: string }) => postJson('/profile/me/password', values),
        onSuccess: () => {
            queryClient.setQueryData<ProfileData>(KEY, (old) => old && { ...old, hasPassword: true });
            notify('people.profile.password_changed', { type: 'success' });
        },
        onError: onError('people.profile.save_error'),
    });

    return { profile: query.data, isPending: query.isPending, error: query.error, save, upload, changePassword };
};

export type UseProfile = ReturnType<typeof useProfile>;
