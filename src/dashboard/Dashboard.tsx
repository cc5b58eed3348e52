import { Stack } from '@mui/material';
import { Title } from 'react-admin';

import { StaffBusinessStats } from './BusinessStats';
import { PageHeading } from '../common/PageHeading';
import { Countdown } from './Countdown';
import { Welcome } from './Welcome';

export const Dashboard = () => (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1200 }}>
        <Title title="ra.page.dashboard" />
        <PageHeading title="ra.page.dashboard" />
        <Welcome />
        <StaffBusinessStats />
        <Countdown />
    </Stack>
);
