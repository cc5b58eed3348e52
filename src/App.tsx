import { CssBaseline } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import {
    AccessDenied,
    AdminContext,
    AuthenticationError,
    type CatchAllComponent,
    CoreAdminUI,
    CustomRoutes,
    Error as ErrorPage,
    LoadingPage,
    localStorageStore,
    NotFound,
    Resource,
} from 'react-admin';
import { createContext, Suspense, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Route } from 'react-router-dom';

import { authProvider } from './authProvider';
import { getToken } from './http/token';
import { LegacyRedirect } from './common/LegacyRedirect';
import { prefetchListPage } from './crud/prefetchListPage';
import { lazyView } from './common/lazyView';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AppName } from './layout/AppName';
import { legacyRedirects } from './legacyRedirects';
import { preloadList, resources } from './resources';
import { darkTheme } from './themes/darkTheme';
import { lightTheme } from './themes/lightTheme';
import { PendingChangesProvider } from './undo/PendingChangesProvider';

// Fetched when first shown, so that the sign-in page and the first screen load little script.
const Login = lazyView(() => import('./layout/Login').then(module => module.Login));
// The menu, the app bar and their icons: every screen after signing in has them, the sign-in page does not. In
// once its own chunks are (the palette's button and keys).
const LazyLayout = lazyView(() => import('./layout/Layout').then(async module => (await module.preloadParts(), module.Layout)));
// The snackbar: nothing to say before the first screen has shown.
const LazyNotification = lazyView(() => import('./AppNotification').then(module => module.AppNotification));
const Dashboard = lazyView(() => import('./dashboard/Dashboard').then(module => module.Dashboard));
const CheckoutForm = lazyView(() => import('./pages/payments/CheckoutForm').then(module => module.CheckoutForm));
const PaymentPage = lazyView(() => import('./pages/payments/PaymentPage').then(module => module.PaymentPage));
const RazorpayPayment = lazyView(() => import('./pages/payments/RazorpayPayment').then(module => module.RazorpayPayment));
const TestCheckout = lazyView(() => import('./pages/payments/TestCheckout').then(module => module.TestCheckout));
const ContactUs = lazyView(() => import('./pages/contact/ContactUs').then(module => module.ContactUs));
const ProductBulkEdit = lazyView(() => import('./resources/products/BulkEdit').then(module => module.BulkEdit));
const ForgotPassword = lazyView(() => import('./pages/password/ForgotPassword').then(module => module.ForgotPassword));
const ResetPassword = lazyView(() => import('./pages/password/ResetPassword').then(module => module.ResetPassword));
const Profile = lazyView(() => import('./pages/profile/Profile').then(module => module.Profile));
const Registration = lazyView(() => import('./pages/registration/Registration').then(module => module.Registration));
const UserRegistration = lazyView(() => import('./pages/registration/UserRegistration').then(module => module.UserRegistration));

/**
 * Starts fetching what the screen the address will show needs, as the app starts: without a session, the app's
 * sign-in page, where it sends the visit (a signed-out visit of / or /login opens with the page src/main.tsx
 * draws, and never gets here); else the signed-in user and the dashboard's or the named list's chunk. Otherwise
 * each would wait until the app has run, checked the session and routed. Resolves once the chunks are in (or
 * failed: the views then say so).
 */
export function preloadFirstScreen(pathname: string, search = ''): Promise<unknown> {
    if (!getToken()) return Login.preload();
    // Who is signed in: every screen asks (canAccess) before it asks for its data.
    authProvider.getIdentity?.().catch(() => undefined);
    if (pathname !== '/') prefetchListPage({ queryClient, dataProvider, store, pathname, search });
    return Promise.all([LazyLayout.preload(), pathname === '/' ? Dashboard.preload() : preloadList(pathname)]);
}

/** What the app shows while it checks the session and fetches its layout: the frame src/main.tsx drew, if any. */
const LoadingScreen = createContext<ReactNode>(null);
const Loading = () => useContext(LoadingScreen) ?? <LoadingPage />;

/** While the layout's chunk comes in, the same loading screen the session check shows just before: nothing jumps. */
const Layout = ({ children }: { children: ReactNode }) => (
    <Suspense fallback={<Loading />}>
        <LazyLayout>{children}</LazyLayout>
    </Suspense>
);

// Remembers the theme, the language and list preferences across visits, as react-admin's <Admin> does.
const store = localStorageStore();

// react-admin's query cache, made here so that the first list page can be fetched into it as the app starts.
const queryClient = new QueryClient();

/** Calls `then` once it is drawn, before the browser paints (a layout effect). */
const OnFirstDraw = ({ then }: { then: () => void }) => {
    useLayoutEffect(then, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on the first draw
    return null;
};

/**
 * react-admin's <Admin> taken apart (AdminContext + its AdminUI), so that the sign-in page can be a chunk
 * of its own: <Admin>'s AdminUI names react-admin's default sign-in form, which would put the form library
 * (react-hook-form) and every MUI input into the first load even for a signed-in visit.
 */
const Shell = ({ children, loading }: { children: ReactNode; loading?: ReactNode }) => {
    // react-admin's i18n context draws nothing until it has looked at the stored language (a render and an effect
    // later): the loading screen stays outside it until the app draws inside, or the screen would blank meanwhile.
    const [drawnInside, setDrawnInside] = useState(false);
    return (
        <LoadingScreen.Provider value={loading}>
            {!drawnInside && loading}
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authProvider}
                i18nProvider={i18nProvider}
                store={store}
                queryClient={queryClient}
                theme={lightTheme}
                darkTheme={darkTheme}
            >
                <CssBaseline enableColorScheme>
                    <OnFirstDraw then={() => setDrawnInside(true)} />
                    <PendingChangesProvider>
                        <CoreAdminUI
                            title={<AppName />}
                            layout={Layout}
                            loginPage={Login}
                            dashboard={Dashboard}
                            catchAll={NotFound as CatchAllComponent}
                            error={ErrorPage}
                            loading={Loading}
                            accessDenied={AccessDenied}
                            authenticationError={AuthenticationError}
                            requireAuth
                            disableTelemetry
                        >
                            {children}
                        </CoreAdminUI>
                        <Suspense fallback={null}>
                            <LazyNotification />
                        </Suspense>
                    </PendingChangesProvider>
                </CssBaseline>
            </AdminContext>
        </LoadingScreen.Provider>
    );
};

/** The app; `loading`, what it shows until its layout is drawn (react-admin's loading page when left out). */
export const App = ({ loading }: { loading?: ReactNode }) => (
    <Shell loading={loading}>
        {Object.entries(resources).map(([name, resource]) => (
            <Resource key={name} name={name} {...resource} />
        ))}
        {/* Without layout so that old bookmarks redirect before the sign-in check, which then keeps the new target. */}
        <CustomRoutes noLayout>
            {legacyRedirects.map(({ from, to }) => (
                <Route key={from} path={from} element={<LegacyRedirect to={to} />} />
            ))}
            {/* The legacy app's unguarded pages: a visitor opens them without signing in. */}
            <Route path="/userreg" element={<UserRegistration />} />
            <Route path="/registration" element={<Registration />} />
            <Route path="/ForgotPassword" element={<ForgotPassword />} />
            <Route path="/ResetPassword" element={<ResetPassword />} />
            {/* The test payment provider's hosted page: a customer may open a payment link on any device. */}
            <Route path="/test-checkout/:id" element={<TestCheckout />} />
        </CustomRoutes>
        <CustomRoutes>
            <Route path="/products/bulk-edit" element={<ProductBulkEdit />} />
            <Route path="/ContactUs" element={<ContactUs />} />
            <Route path="/Profile" element={<Profile />} />
            <Route path="/PaymentPage" element={<PaymentPage />} />
            <Route path="/CheckoutForm" element={<CheckoutForm />} />
            <Route path="/RazorpayPayment" element={<RazorpayPayment />} />
        </CustomRoutes>
    </Shell>
);
