import { useEffect, useMemo } from 'react';
import { useAuthProvider, useCheckAuth, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { SignInCard } from '../signIn/SignInCard';
import { SignInToolsProvider, type SignInTools } from '../signIn/SignInTools';

/**
 * The sign-in page inside the app, where react-admin sends a visitor whose session is missing or over: the
 * shared card, with react-admin's words and auth provider, and back to the page asked for once signed in.
 * Not react-admin's <Login>: it names the password form, which would bring the form library and every MUI
 * input into the sign-in page's script even though this card never shows it.
 */
export const Login = () => {
    const checkAuth = useCheckAuth();
    const navigate = useNavigate();
    const authProvider = useAuthProvider();
    const login = useLogin();
    const translate = useTranslate();
    // Signed in already (another tab, a bookmark of /login): straight to the dashboard, as react-admin's page does.
    useEffect(() => {
        checkAuth({}, false)
            .then(() => navigate('/'))
            .catch(() => undefined);
    }, [checkAuth, navigate]);

    const tools = useMemo<SignInTools>(
        () => ({
            translate,
            // The first step calls the auth provider itself: useLogin would navigate away.
            requestCode: email => authProvider!.login({ email }),
            verifyCode: (email, otp) => login({ email, otp }),
            linkTo: to => ({ component: RouterLink, to }),
        }),
        [authProvider, login, translate]
    );
    return (
        <SignInToolsProvider value={tools}>
            <SignInCard />
        </SignInToolsProvider>
    );
};
