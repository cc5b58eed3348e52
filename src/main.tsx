import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { loadAgainOnce } from './common/loadAgainOnce';
import { getToken } from './http/token';
import { signInWords } from './i18n/signInWords';
import { SignInPage } from './signIn/SignInPage';
import { storedPreference } from './signIn/storedPreference';

const root = createRoot(document.getElementById('root')!);

// The app (react-admin, its router and data layer) is a chunk of its own: a signed-out visit draws the sign-in
// page without it, and fetches it while the visitor waits for the code.
const loadAdmin = () => import('./renderAdmin');

async function showAdmin() {
    try {
        (await loadAgainOnce(loadAdmin)).renderAdmin(root);
    } catch {
        // Not even on a second try (a new deploy replaced it, the connection dropped): say so, with a way to reload.
        const translate = await signInWords(storedPreference('locale'));
        root.render(
            <p role="alert" style={{ fontFamily: 'sans-serif', padding: '2em' }}>
                {translate('app.error.chunk_title')}. {translate('app.error.chunk_text')} <a href="">{translate('app.error.reload')}</a>
            </p>
        );
    }
}

async function showSignIn() {
    // react-admin would send a signed-out visit of / here too.
    if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
    const translate = await signInWords(storedPreference('locale'));
    const signedIn = () => {
        window.history.replaceState(null, '', '/');
        void showAdmin();
    };
    root.render(
        <StrictMode>
            <SignInPage translate={translate} onSignedIn={signedIn} onCodeRequested={() => void loadAdmin().catch(() => undefined)} />
        </StrictMode>
    );
}

// Other addresses load the app, which sends a signed-out visit to its own sign-in page and back once signed in.
if (!getToken() && ['/', '/login'].includes(window.location.pathname)) void showSignIn();
else void showAdmin();
