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
import attribute from './resources/attribute';
import categories from './resources/categories';
import gst from './resources/gst';
import pincode from './resources/pincode';
import products from './resources/products';
import subcategories from './resources/subcategories';
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
        <Resource name="categories" {...categories} />
        <Resource name="subcategories" {...subcategories} />
        <Resource name="attribute" {...attribute} />
        <Resource name="gst" {...gst} />
        <Resource name="products" {...products} />
        <Resource name="pincode" {...pincode} />
        {/* Without layout so that old bookmarks redirect before the sign-in check, which then keeps the new target. */}
        <CustomRoutes noLayout>
            {legacyRedirects.map(({ from, to }) => (
                <Route key={from} path={from} element={<LegacyRedirect to={to} />} />
            ))}
        </CustomRoutes>
    </Admin>
);
