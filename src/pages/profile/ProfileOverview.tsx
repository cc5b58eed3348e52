import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { ProfileData } from './useProfile';

const ROWS = ['fullName', 'company', 'jobTitle', 'country', 'address', 'phone', 'email', 'role'] as const;

/** The Overview tab: About, then the profile details. */
export const ProfileOverview = ({ profile }: { profile: ProfileData }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography variant="h6" component="h2" gutterBottom>
                {translate('people.profile.fields.about')}
            </Typography>
            <Typography variant="body2" color={profile.about ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap', mb: 3 }}>
                {profile.about ?? translate('people.profile.not_set')}
            </Typography>
            <Typography variant="h6" component="h2" gutterBottom>
                {translate('people.profile.overview_title')}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, rowGap: { xs: 0.25, sm: 1.5 }, m: 0 }}>
                {ROWS.map((row) => (
                    <Box key={row} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
                            {translate(`people.profile.fields.${row}`)}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                            {profile[row] || translate('people.profile.not_set')}
                        </Typography>
                    </Box>
                ))}
            </Box>
        </Box>
    );
};
