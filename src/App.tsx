import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';

import { authProvider } from './authProvider';
import { LegacyRedirect } from './common/LegacyRedirect';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { Login } from './layout/Login';
import { legacyRedirects } from './legacyRedirects';
import { resources } from './resources';
import { lightTheme } from './themes/lightTheme';

export const App = () => (
    <Admin
        title="app.name"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={Login}
        dashboard={Dashboard}
        theme={lightTheme}
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
        </CustomRoutes>
    </Admin>
);
