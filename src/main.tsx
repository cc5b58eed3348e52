import { StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { loadAgainOnce } from './common/loadAgainOnce';
import { withTimeout } from './common/withTimeout';
import { FirstScreen, firstScreenLocale } from './firstScreen/FirstScreen';
import { getToken } from './http/token';
import { signInWords } from './i18n/signInWords';
import { SignInPage } from './signIn/SignInPage';
import { storedPreference } from './signIn/storedPreference';

const root = createRoot(document.getElementById('root')!);

// The app (react-admin, its router and data layer) is a chunk of its own: a signed-out visit draws the sign-in
// page without it, and fetches it while the visitor waits for the code.
const loadAdmin = () => import('./renderAdmin');

/** The app at the address the browser shows; `loading`, what it shows until its layout is drawn. */
async function showAdmin(loading?: ReactNode) {
    try {
        // Given up after 120 seconds, so a dead server shows an error instead of a spinner (public/load-timeout.js
        // says so only while the page is empty, and a signed-in visit shows the first screen's frame meanwhile).
        await (await withTimeout(loadAgainOnce(loadAdmin))).renderAdmin(root, loading);
    } catch (error) {
        // Not even on a second try (a new deploy replaced it, the connection dropped): say so, with a way to reload.
        const translate = await signInWords(storedPreference('locale'));
        const timedOut = error instanceof Error && error.message === 'timeout';
        root.render(
            <p role="alert" style={{ fontFamily: 'sans-serif', padding: '2em' }}>
                {translate('app.error.chunk_title')}. {translate(timedOut ? 'app.error.timeout' : 'app.error.chunk_text')}{' '}
                <a href="">{translate('app.error.reload')}</a>
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

/**
 * A signed-in visit: the app's frame at once (FirstScreen), kept while the app loads and draws its layout over
 * it. The app's chunks are asked for once the frame is on the screen: on a phone's network they would otherwise
 * share the line with nothing else to show for it, and the frame is what the visitor looks at meanwhile.
 */
function showSignedIn() {
    const frame = <FirstScreen />;
    document.documentElement.lang = firstScreenLocale();
    flushSync(() => root.render(frame));
    requestAnimationFrame(() => setTimeout(() => void showAdmin(frame)));
}

// Other addresses load the app, which sends a signed-out visit to its own sign-in page and back once signed in.
if (getToken()) showSignedIn();
else if (['/', '/login'].includes(window.location.pathname)) void showSignIn();
else void showAdmin();
