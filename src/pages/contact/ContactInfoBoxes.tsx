import type { ReactNode } from 'react';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EmailIcon from '@mui/icons-material/Email';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { getJson } from '../api';

export interface ShopContact {
    address: string | null;
    phone: string | null;
    email: string;
    hours: string;
}

// Shown until the shop's details arrive, and if they cannot be read.
const HOURS = 'Monday-Friday 9:30AM-06:30PM';

const InfoBox = ({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) => (
    <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ color: 'primary.main', mt: 0.25 }}>{icon}</Box>
            <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {title}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {children}
                </Typography>
            </Box>
        </CardContent>
    </Card>
);

/** Address, phone, e-mail and opening hours from GET /contact-info (the active site settings, or the shop's defaults). */
export const ContactInfoBoxes = () => {
    const translate = useTranslate();
    const { data } = useQuery({ queryKey: ['contact-info'], queryFn: () => getJson<ShopContact>('/contact-info') });
    const notSet = translate('people.contact_us.not_set');
    return (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <InfoBox icon={<LocationOnIcon />} title={translate('people.contact_us.address')}>
                {data ? (data.address ?? notSet) : '…'}
            </InfoBox>
            <InfoBox icon={<PhoneIcon />} title={translate('people.contact_us.phone')}>
                {data ? (data.phone ?? notSet) : '…'}
            </InfoBox>
            <InfoBox icon={<EmailIcon />} title={translate('people.contact_us.email')}>
                {data?.email ?? '…'}
            </InfoBox>
            <InfoBox icon={<AccessTimeIcon />} title={translate('people.contact_us.hours')}>
                {data?.hours ?? HOURS}
            </InfoBox>
        </Box>
    );
};
