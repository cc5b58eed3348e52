import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';

import { authProvider } from './authProvider';
import { LegacyRedirect } from './common/LegacyRedirect';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AppName } from './layout/AppName';
import { Layout } from './layout/Layout';
import { Login } from './layout/Login';
import { legacyRedirects } from './legacyRedirects';
import { CheckoutForm } from './pages/payments/CheckoutForm';
import { PaymentPage } from './pages/payments/PaymentPage';
import { RazorpayPayment } from './pages/payments/RazorpayPayment';
import { TestCheckout } from './pages/payments/TestCheckout';
import { ContactUs } from './pages/contact/ContactUs';
import { ForgotPassword } from './pages/password/ForgotPassword';
import { ResetPassword } from './pages/password/ResetPassword';
import { Profile } from './pages/profile/Profile';
import { Registration } from './pages/registration/Registration';
import { UserRegistration } from './pages/registration/UserRegistration';
import { resources } from './resources';
import { darkTheme } from './themes/darkTheme';
import { lightTheme } from './themes/lightTheme';

export const App = () => (
    <Admin
        title={<AppName />}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={Login}
        dashboard={Dashboard}
        theme={lightTheme}
        darkTheme={darkTheme}
        requireAuth
        disableTelemetry
    >
        {Object.entries(resources).map(([name, resource]) => (
            <Resource key={name} name={name} {...resource} />
        ))}
        {/* Without layout so that old bookmarks redirect before the sign-in check, which then keeps the new target. */}
        <CustomRoutes noLayout>
            {legacyRedirects.map(({ from, to }) => (
                <Route key={from} path={from} element={<LegacyRedirect to={to} />} />
            ))}
            {/* Spec §2's unguarded pages: a visitor opens them without signing in. */}
            <Route path="/userreg" element={<UserRegistration />} />
            <Route path="/registration" element={<Registration />} />
            <Route path="/ForgotPassword" element={<ForgotPassword />} />
            <Route path="/ResetPassword" element={<ResetPassword />} />
            {/* The test payment provider's hosted page: a customer may open a payment link on any device. */}
            <Route path="/test-checkout/:id" element={<TestCheckout />} />
        </CustomRoutes>
        <CustomRoutes>
            <Route path="/ContactUs" element={<ContactUs />} />
            <Route path="/Profile" element={<Profile />} />
            <Route path="/PaymentPage" element={<PaymentPage />} />
            <Route path="/CheckoutForm" element={<CheckoutForm />} />
            <Route path="/RazorpayPayment" element={<RazorpayPayment />} />
        </CustomRoutes>
    </Admin>
);
