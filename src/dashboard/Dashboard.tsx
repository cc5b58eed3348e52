import { Stack } from '@mui/material';
import { Title } from 'react-admin';

import { Countdown } from './Countdown';
import { Welcome } from './Welcome';

export const Dashboard = () => (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 960 }}>
        <Title title="ra.page.dashboard" />
        <Welcome />
        <Countdown />
    </Stack>
);
