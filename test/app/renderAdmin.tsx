import { render } from '@testing-library/react';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';

import { i18nProvider } from '../../src/i18n';
import { resources } from '../../src/resources';

/** The app's resources as it declares them, at `path`, over `dataProvider`. */
export const renderAdmin = (path: string, dataProvider: DataProvider) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
                <AdminUI>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );
