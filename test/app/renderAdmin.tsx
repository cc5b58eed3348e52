import { render } from '@testing-library/react';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';

import { i18nProvider } from '../../src/i18n';
import { resources } from '../../src/resources';

/** Someone signed in with this role (1 Admin, 2 Seller), for screens that offer what a role may do. */
const signedInAs = (roleId: number): AuthProvider => ({
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getIdentity: async () => ({ id: 1, fullName: 'Staff', roleId }),
});

/** The app's resources as it declares them, at `path`, over `dataProvider` (and signed in with `roleId`, when given). */
export const renderAdmin = (path: string, dataProvider: DataProvider, roleId?: number) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={roleId === undefined ? undefined : signedInAs(roleId)}>
                <AdminUI>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );
