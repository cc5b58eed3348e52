import type { ComponentType } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { pincode as pincodeSchema } from '../../schema/pincode';
import { SchemaContext } from '../../src/crud/SchemaContext';
import { i18nProvider } from '../../src/i18n';
import pincode from '../../src/resources/pincode';

const renderCreate = (create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { id: 1, ...data } }))) => {
    const Create = pincode.create as ComponentType;
    render(
        <AdminContext dataProvider={testDataProvider({ create } as never)} i18nProvider={i18nProvider}>
            <ResourceContextProvider value="pincode">
                <SchemaContext.Provider value={pincodeSchema}>
                    <Create />
                </SchemaContext.Provider>
            </ResourceContextProvider>
        </AdminContext>,
    );
    return create;
};

describe('the pincode form', () => {
    it("suggests the state from the PIN's postal circle as it is typed, to be confirmed, and suggests none where the circle spans states", async () => {
        const create = renderCreate();
        const pin = await screen.findByLabelText(/^Pincode/, undefined, { timeout: 5000 });
        fireEvent.change(pin, { target: { value: '560034' } });
        expect(await screen.findByRole('status')).toHaveTextContent("Suggested from the PIN's India Post circle: Karnataka. Please check it");
        expect(screen.getByRole('combobox', { name: /State/ })).toHaveTextContent('Karnataka');

        fireEvent.change(pin, { target: { value: '781001' } });
        expect(await screen.findByText(/spans more than one state: please choose/)).toBeInTheDocument();
        await waitFor(() => expect(screen.getByRole('combobox', { name: /State/ })).not.toHaveTextContent('Karnataka'));

        fireEvent.change(pin, { target: { value: '110001' } });
        await waitFor(() => expect(screen.getByRole('combobox', { name: /State/ })).toHaveTextContent('Delhi'));
        fireEvent.change(screen.getByLabelText(/Delivery charge/), { target: { value: '40' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0][1].data).toMatchObject({ pincode: '110001', state: 'Delhi' });
    });
});
