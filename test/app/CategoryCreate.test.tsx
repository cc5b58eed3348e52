import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type CreateParams, type DataProvider, type RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { renderAdmin } from './renderAdmin';

const renderCreate = (create: (resource: string, params: CreateParams) => Promise<{ data: RaRecord }>) => {
    const dataProvider = testDataProvider({
        create: vi.fn(create) as DataProvider['create'],
        getList: async () => ({ data: [], total: 0 }),
    });
    renderAdmin('/categories/create', dataProvider);
    return dataProvider.create as ReturnType<typeof vi.fn>;
};

const fillAndSave = async () => {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/name/i), 'Fruits');
    await user.type(screen.getByLabelText(/description/i), 'Seasonal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
};

describe('CategoryCreate', () => {
    it("says 'Category added successfully' once saved", async () => {
        const create = renderCreate(async (_resource, { data }) => ({ data: { id: 1, ...data } }));

        await fillAndSave();

        expect(await screen.findByText('Category added successfully')).toBeInTheDocument();
        expect(create).toHaveBeenCalledWith('categories', expect.objectContaining({ data: { name: 'Fruits', description: 'Seasonal' } }));
    });

    it('shows its own failure message when the server fails', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        renderCreate(async () => {
            throw new HttpError('Internal Server Error', 500, { message: 'Internal Server Error' });
        });

        await fillAndSave();

        expect(await screen.findByText('Failed to submit category. Please try again.')).toBeInTheDocument();
    });

    it("shows the server's field errors on the inputs", async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        renderCreate(async () => {
            throw new HttpError('A category with this name exists', 409, {
                message: 'A category with this name exists',
                errors: { name: 'Already taken', root: { serverError: 'A category with this name exists' } },
            });
        });

        await fillAndSave();

        expect(await screen.findByText('Already taken')).toBeInTheDocument();
        expect(await screen.findByText('A category with this name exists')).toBeInTheDocument();
    });
});
