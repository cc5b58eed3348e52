import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { EntitySchema } from '../../schema/types';
import { schemaResource } from '../../src/crud/schemaResource';
import { endpointFor } from '../../src/dataProvider/endpoints';
import { i18nProvider } from '../../src/i18n';

// A developer adds an entity by writing its schema: this one exists only in this test, and gets a working list and form.
const notes: EntitySchema = {
    name: 'notes',
    table: 'notes',
    noun: ['note', 'notes'],
    tag: 'Notes',
    paths: { list: '/notes', item: '/notes/:id', create: '/addNote', update: '/notes/:id', toggle: '/notes/:id/flip', remove: '/notes/:id' },
    toggleKey: 'state',
    fields: {
        title: { type: 'text', required: true, max: 40, message: 'Please give the note a title' },
        body: { type: 'longText' },
        amount: { type: 'money', label: 'amount', max: 500 },
        kind: { type: 'enum', choices: ['memo', 'todo'], required: true },
    },
    list: { search: ['title'], sort: ['id', 'title', 'amount'], filters: ['kind', 'status'], columns: ['id', 'title', 'kind', 'amount', 'status'] },
    messages: { created: 'Note saved', updated: 'Note changed', toggled: 'Note flipped', notFound: 'No such note' },
    representation: 'title',
};

const note = { id: 7, title: 'Reorder paneer', body: null, amount: 1234.5, kind: 'todo', status: 1, createdAt: '', updatedAt: '' };

const renderNotes = (path: string, dataProvider: DataProvider) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
                <AdminUI>
                    <Resource name="notes" {...schemaResource(notes)} />
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );

describe('generated views of a schema', () => {
    it('list the schema’s columns, each shown as its type calls for, with the actions its paths allow', async () => {
        renderNotes('/notes', testDataProvider({ getList: async () => ({ data: [note], total: 1 }) as never }));

        const row = (await screen.findByText('Reorder paneer')).closest('tr')!;
        expect(within(row).getByText('₹1,234.50')).toBeInTheDocument();
        expect(within(row).getByText('todo')).toBeInTheDocument();
        expect(within(row).getByText('Active')).toBeInTheDocument();
        expect(within(row).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
        expect(within(row).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
        expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
        expect(screen.getByRole('columnheader', { name: /Title/ })).toBeInTheDocument();
    });

    it('make a form with an input per field, checked in the API’s words before anything is sent', async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 8, ...data } }));
        renderNotes('/notes/create', testDataProvider({ create: create as never, getList: async () => ({ data: [], total: 0 }) as never }));
        const user = userEvent.setup();

        await user.type(await screen.findByLabelText('Amount'), '600');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Please give the note a title')).toBeInTheDocument();
        expect(screen.getByText('Please choose one of: memo, todo')).toBeInTheDocument();
        expect(screen.getByText('Amount cannot be more than 500')).toBeInTheDocument();
        expect(create).not.toHaveBeenCalled();

        await user.type(screen.getByLabelText(/Title/), 'Buy curd');

        await user.clear(screen.getByLabelText('Amount'));
        await user.type(screen.getByLabelText('Amount'), '99.5');
        await user.click(screen.getByLabelText(/Kind/));
        await user.click(await screen.findByRole('option', { name: 'memo' }));
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await vi.waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0][1].data).toEqual({ title: 'Buy curd', amount: 99.5, kind: 'memo' });
    });

    it('derive the data provider’s endpoint from the schema: /api/v1 for every call of an entity without pictures', () => {
        const endpoint = endpointFor(notes);
        expect(endpoint).toEqual({ v1: 'notes', path: '/notes', toggle: 'v1', toggled: notes.messages.toggled, delete: 'v1' });
    });
});
