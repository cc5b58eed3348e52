import { useMemo } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';

import { API_URL } from '../config';
import { httpClient } from '../http/httpClient';
import { SignInCard } from './SignInCard';
import { signInRequests } from './signInRequests';
import { SignInToolsProvider, type SignInTools } from './SignInTools';
import { useStoredTheme } from './useStoredTheme';

const { requestCode, verifyCode } = signInRequests(API_URL, httpClient);

interface SignInPageProps {
    translate: SignInTools['translate'];
    /** Called once the code is accepted and the token kept: shows the app. */
    onSignedIn: () => void;
    /** Called when the code has been asked for: the app can start loading while its owner reads the mail. */
    onCodeRequested: () => void;
}

/**
 * The sign-in page a signed-out visit opens with, drawn before react-admin is loaded (src/main.tsx): the same
 * card as the app's own sign-in page, in the theme react-admin will show, with plain links to the other public
 * pages (which load the app).
 */
export const SignInPage = ({ translate, onSignedIn, onCodeRequested }: SignInPageProps) => {
    const theme = useStoredTheme();
    const tools = useMemo<SignInTools>(
        () => ({
            translate,
            requestCode: async email => {
                await requestCode(email);
                onCodeRequested();
            },
            verifyCode: async (email, otp) => {
                await verifyCode(email, otp);
                onSignedIn();
            },
            linkTo: to => ({ href: to }),
        }),
        [translate, onSignedIn, onCodeRequested]
    );
    return (
        <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            <SignInToolsProvider value={tools}>
                <SignInCard />
            </SignInToolsProvider>
        </ThemeProvider>
    );
};
