import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, testDataProvider, type AuthProvider, type GetListParams, type RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { AppDataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import contacts from '../../src/resources/contacts';
import users from '../../src/resources/users';

// These screens render whole forms and tables in jsdom: slow on a busy machine, so wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });

interface UserRow extends RaRecord<number> {
    name: string;
    email: string;
    contactNo: string | null;
    roleId: number;
    status: number;
    createdAt: string;
}

const people: UserRow[] = [
    { id: 1, name: 'Asha Admin', email: 'asha@shop.test', contactNo: null, roleId: 1, status: 1, createdAt: '2026-03-05T10:00:00.000Z' },
    { id: 2, name: 'Sunil Seller', email: 'sunil@shop.test', contactNo: '9876543210', roleId: 2, status: 1, createdAt: '2026-03-04T10:00:00.000Z' },
    ...Array.from({ length: 33 }, (_, i) => ({
        id: i + 3,
        name: `Shopper ${String(i + 1).padStart(2, '0')}`,
        email: `shopper${i + 1}@mail.test`,
        contactNo: null,
        roleId: i === 0 ? 7 : 3,
        status: i === 1 ? 0 : 1,
        createdAt: '2026-01-15T10:00:00.000Z',
    })),
];

/** The users and the calls made, served the way the API pages and searches them. */
const inMemory = (rows: UserRow[]) => {
    const getList = vi.fn(async (_resource: string, { pagination, filter }: GetListParams) => {
        const q = String(filter?.q ?? '').toLowerCase();
        const matching = rows.filter((row) => !q || row.name.toLowerCase().includes(q) || row.email.includes(q));
        const { page = 1, perPage = 30 } = pagination ?? {};
        return { data: matching.slice((page - 1) * perPage, page * perPage), total: matching.length };
    });
    const dataProvider = {
        ...testDataProvider({
            getList: getList as never,
            getOne: (async (_resource: string, { id }: { id: number }) => ({ data: rows.find((row) => row.id === Number(id))! })) as never,
            update: vi.fn(async (_resource: string, { id, data }: { id: number; data: object }) => ({ data: { ...rows.find((row) => row.id === Number(id))!, ...data } })) as never,
        }),
        toggleStatus: vi.fn(async (_resource: string, { id, status }: { id: number; status: number }) => ({ data: { ...rows.find((row) => row.id === id)!, status } })),
    } as unknown as AppDataProvider;
    return { dataProvider, getList };
};

const renderUsers = (path: string, dataProvider: AppDataProvider, roleId = 1) => {
    const authProvider: AuthProvider = {
        login: async () => {},
        logout: async () => {},
        checkAuth: async () => {},
        checkError: async () => {},
        getIdentity: async () => ({ id: 1, fullName: 'Asha Admin', roleId }),
    };
    return render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
                <AdminUI>
                    <Resource name="users" {...users} />
                    <Resource name="contacts" {...contacts} />
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>,
    );
};

describe('User List', () => {
    it('shows 30 users a page, roles as words and the join date in Indian short format, with Prev / Page X of Y / Next', async () => {
        const { dataProvider, getList } = inMemory(people);
        const user = userEvent.setup();
        renderUsers('/users', dataProvider);
        expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
        expect(getList).toHaveBeenLastCalledWith('users', expect.objectContaining({ pagination: { page: 1, perPage: 30 }, sort: { field: 'createdAt', order: 'DESC' } }));
        expect(screen.getAllByRole('row')).toHaveLength(31);

        const asha = screen.getByText('Asha Admin').closest('tr')!;
        expect(within(asha).getByText('Admin')).toBeInTheDocument();
        expect(within(asha).getByText('5/3/2026')).toBeInTheDocument();
        expect(within(screen.getByText('Sunil Seller').closest('tr')!).getByText('Seller')).toBeInTheDocument();
        // roleId 7 is a customer too: any role but 1 (Admin) and 2 (Seller) is a customer.
        expect(within(screen.getByText('Shopper 01').closest('tr')!).getByText('Customer')).toBeInTheDocument();
        expect(within(screen.getByText('Shopper 02').closest('tr')!).getByText('Disabled')).toBeInTheDocument();

        expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
        await user.click(screen.getByRole('button', { name: 'Next' }));
        expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
        expect(await screen.findByText('Shopper 33')).toBeInTheDocument();
        expect(getList).toHaveBeenLastCalledWith('users', expect.objectContaining({ pagination: { page: 2, perPage: 30 } }));
        expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
        await user.click(screen.getByRole('button', { name: 'Prev' }));
        expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    }, 60_000);

    it("searches by name on the server and says 'No users found'", async () => {
        const { dataProvider, getList } = inMemory(people);
        const user = userEvent.setup();
        renderUsers('/users', dataProvider);
        await screen.findByText('Page 1 of 2');
        await user.type(screen.getByPlaceholderText('Search by name or e-mail'), 'sunil');
        expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
        expect(getList).toHaveBeenLastCalledWith('users', expect.objectContaining({ filter: { q: 'sunil' } }));
        await user.type(screen.getByPlaceholderText('Search by name or e-mail'), 'xyz');
        expect(await screen.findByText('No users found')).toBeInTheDocument();
    });

    it("says 'No users found' when there are none", async () => {
        const { dataProvider } = inMemory([]);
        renderUsers('/users', dataProvider);
        expect(await screen.findByText('No users found')).toBeInTheDocument();
    });
});

describe('a user, opened by an administrator', () => {
    it('changes the role with update and disables the account after asking', async () => {
        const { dataProvider } = inMemory(people);
        const user = userEvent.setup();
        renderUsers('/users/5/show', dataProvider);
        expect(await screen.findByText('Account')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Change role' })).toBeDisabled();

        await user.click(screen.getByRole('combobox', { name: 'New role' }));
        await user.click(await screen.findByRole('option', { name: 'Seller' }));
        await user.click(screen.getByRole('button', { name: 'Change role' }));
        // Asked first, naming both roles; nothing is sent until confirmed.
        const asked = await screen.findByRole('dialog');
        expect(within(asked).getByText('Shopper 03 goes from Customer to Seller, and from their next request may do only what a Seller may.')).toBeInTheDocument();
        expect(dataProvider.update).not.toHaveBeenCalled();
        await user.click(within(asked).getByRole('button', { name: 'Change role' }));
        expect(await screen.findByText('Role changed to Seller')).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        expect(dataProvider.update).toHaveBeenCalledWith('users', expect.objectContaining({ id: 5, data: { roleId: 2 } }));

        await user.click(screen.getByRole('button', { name: 'Disable account' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Shopper 03 will be signed out at once and cannot sign in until the account is enabled again.')).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('User disabled')).toBeInTheDocument();
        expect(dataProvider.toggleStatus).toHaveBeenCalledWith('users', { id: 5, status: 0 });
    });

    it("shows the server's reason when it refuses", async () => {
        const { dataProvider } = inMemory(people);
        const { HttpError } = await import('react-admin');
        (dataProvider.toggleStatus as ReturnType<typeof vi.fn>).mockRejectedValueOnce(
            new HttpError('refused', 409, { message: 'The shop needs at least one active administrator, so this one cannot be demoted or disabled' }),
        );
        const user = userEvent.setup();
        renderUsers('/users/2/show', dataProvider);
        await user.click(await screen.findByRole('button', { name: 'Disable account' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('The shop needs at least one active administrator, so this one cannot be demoted or disabled')).toBeInTheDocument();
    });

    it('shows a seller the e-mail and phone columns an administrator sees, searching by name and e-mail', async () => {
        renderUsers('/users', inMemory(people).dataProvider, 2);
        expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
        const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
        expect(headers).toEqual(expect.arrayContaining(['Name', 'E-mail', 'Contact number', 'Role', 'Status']));
        expect(screen.queryByPlaceholderText('Search by name')).toBeNull();
        expect(screen.getByText('sunil@shop.test')).toBeInTheDocument();
    });

    it('shows a seller a user with contact details', async () => {
        renderUsers('/users/2/show', inMemory(people).dataProvider, 2);
        expect(await screen.findByText('Sunil Seller')).toBeInTheDocument();
        expect(screen.getByText('E-mail')).toBeInTheDocument();
        expect(screen.getByText('9876543210')).toBeInTheDocument();
    });

    it('offers a seller no account controls, and nobody their own', async () => {
        const seller = inMemory(people);
        const { unmount } = renderUsers('/users/5/show', seller.dataProvider, 2);
        expect(await screen.findByText('Only an administrator can change roles or disable accounts.')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Change role' })).toBeNull();
        unmount();

        renderUsers('/users/1/show', inMemory(people).dataProvider, 1);
        expect(await screen.findByText('This is your own account: another administrator must change its role or disable it.')).toBeInTheDocument();
    });
});
