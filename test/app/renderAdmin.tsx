import { render } from '@testing-library/react';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';

import { i18nProvider } from '../../src/i18n';
import attribute from '../../src/resources/attribute';
import categories from '../../src/resources/categories';
import gst from '../../src/resources/gst';
import pincode from '../../src/resources/pincode';
import products from '../../src/resources/products';
import subcategories from '../../src/resources/subcategories';

/** The catalogue resources as the app declares them, at `path`, over `dataProvider`. */
export const renderAdmin = (path: string, dataProvider: DataProvider) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
                <AdminUI>
                    <Resource name="categories" {...categories} />
                    <Resource name="subcategories" {...subcategories} />
                    <Resource name="attribute" {...attribute} />
                    <Resource name="gst" {...gst} />
                    <Resource name="products" {...products} />
                    <Resource name="pincode" {...pincode} />
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );
