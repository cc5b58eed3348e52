import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Card } from '@mui/material';

import { loginBackground } from '../themes/lightTheme';
import { OtpLoginForm } from './OtpLoginForm';

/** The centred sign-in card holding the e-mail / one-time code form, drawn as react-admin's <Login> draws it. */
export const SignInCard = () => (
    <Box
        component="main"
        sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            minHeight: '100vh',
            backgroundImage: loginBackground,
        }}
    >
        <Card sx={{ width: 400, maxWidth: 'calc(100vw - 32px)', mt: '6em' }}>
            <Box sx={{ m: '1em', display: 'flex', justifyContent: 'center' }}>
                <Avatar sx={{ bgcolor: 'primary.main' }}>
                    <LockIcon />
                </Avatar>
            </Box>
            <OtpLoginForm />
        </Card>
    </Box>
);
