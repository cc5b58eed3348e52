import { useEffect } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Card } from '@mui/material';
import { useCheckAuth } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { loginBackground } from '../themes/lightTheme';
import { OtpLoginForm } from './OtpLoginForm';

/**
 * The centred sign-in card holding the e-mail / one-time code form, drawn as react-admin's <Login> draws it.
 * Not <Login> itself: it names react-admin's password form, which would bring the form library and every
 * MUI input into the sign-in page's script even though this card never shows it.
 */
export const Login = () => {
    const checkAuth = useCheckAuth();
    const navigate = useNavigate();
    // Signed in already (another tab, a bookmark of /login): straight to the dashboard, as react-admin's page does.
    useEffect(() => {
        checkAuth({}, false)
            .then(() => navigate('/'))
            .catch(() => undefined);
    }, [checkAuth, navigate]);

    return (
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
};
