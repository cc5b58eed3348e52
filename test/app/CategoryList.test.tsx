import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { AppDataProvider } from '../../src/dataProvider';
import type { Category } from '../../src/types';
import { renderAdmin } from './renderAdmin';
import { afterUndoWindow } from './undoWindow';

const category = (id: number, name: string, status: Category['status']): Category => ({
    id,
    name,
    description: `${name} of the day`,
    image: null,
    status,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
});

/** Serves `rows` for every list and records toggleStatus calls. */
const inMemoryDataProvider = (rows: Category[]): AppDataProvider => ({
    ...testDataProvider({
        getList: async <RecordType extends RaRecord>() => ({
            data: rows as unknown as RecordType[],
            total: rows.length,
        }),
    }),
    toggleStatus: vi.fn(async (_resource, { id, status }) => ({
        data: { ...rows.find(row => row.id === id)!, status },
        message: 'Category status toggled successfully',
    })) as AppDataProvider['toggleStatus'],
});

const renderList = (dataProvider: AppDataProvider) => renderAdmin('/categories', dataProvider);

describe('CategoryList', () => {
    it('lists categories with their status', async () => {
        renderList(inMemoryDataProvider([category(1, 'Fruits', 1), category(2, 'Dairy', 0)]));

        const fruits = (await screen.findByText('Fruits')).closest('tr')!;
        expect(within(fruits).getByText('Active')).toBeInTheDocument();
        expect(within(fruits).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();

        const dairy = screen.getByText('Dairy').closest('tr')!;
        expect(within(dairy).getByText('Inactive')).toBeInTheDocument();
        expect(within(dairy).getByRole('button', { name: 'Activate' })).toBeInTheDocument();

        for (const header of ['ID', 'Name', 'Description', 'Image', 'Status', 'Action']) {
            expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
        }
    });

    it('says when there are no categories and offers to create one', async () => {
        renderList(inMemoryDataProvider([]));

        expect(await screen.findByText('No categories available.')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Create' })).toBeInTheDocument();
    });

    it('deactivates an active category with status 0 and confirms it', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider([category(1, 'Fruits', 1)]);
        renderList(dataProvider);

        await user.click(await screen.findByRole('button', { name: 'Deactivate' }));

        expect(await screen.findByText('Category status toggled successfully')).toBeInTheDocument();
        await waitFor(() => expect(dataProvider.toggleStatus).toHaveBeenCalledWith('categories', { id: 1, status: 0 }), afterUndoWindow);
    });
});
