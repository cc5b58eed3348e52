import { Avatar } from '@mui/material';

import type { ProfileData } from './useProfile';

const initials = (name: string) =>
    name
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((word) => word[0]!.toUpperCase())
        .join('');

export const ProfileAvatar = ({ profile, size = 96 }: { profile: ProfileData; size?: number }) => (
    <Avatar src={profile.profileImage ?? undefined} alt={profile.fullName} sx={{ width: size, height: size, fontSize: size / 2.6, bgcolor: 'primary.main' }}>
        {initials(profile.fullName)}
    </Avatar>
);
