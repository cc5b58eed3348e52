import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { attributes, gstRates, inMemoryDataProvider, subcategories } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';
import { afterUndoWindow } from './undoWindow';

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** While a dialog is open (or closing) the page behind it is hidden from the accessibility tree. */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('AttributeList', () => {
    it('shows each attribute with Activate or Deactivate, and the server’s message once toggled', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ attribute: attributes });
        renderAdmin('/attribute', dataProvider);

        const weight = await rowOf('Weight');
        expect(within(weight).getByText('Active')).toBeInTheDocument();
        const colour = await rowOf('Colour');
        expect(within(colour).getByText('Inactive')).toBeInTheDocument();
        for (const header of ['ID', 'Name', 'Value', 'Description', 'Status', 'Action']) {
            expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
        }

        await user.click(within(colour).getByRole('button', { name: 'Activate' }));

        await waitFor(() => expect(dataProvider.toggleStatus).toHaveBeenCalledWith('attribute', { id: 6, status: 1 }), afterUndoWindow);
        expect(await screen.findByText('Status toggled by the server', {}, afterUndoWindow)).toBeInTheDocument();
    });

    it('deletes an attribute only once the user confirms', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ attribute: attributes });
        renderAdmin('/attribute', dataProvider);

        await user.click(within(await rowOf('Colour')).getByRole('button', { name: 'Delete' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Are you sure you want to delete this attribute?')).toBeInTheDocument();
        expect(dataProvider.delete).not.toHaveBeenCalled();

        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await dialogClosed();
        expect(dataProvider.delete).not.toHaveBeenCalled();

        await user.click(within(await rowOf('Colour')).getByRole('button', { name: 'Delete' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

        expect(await screen.findByText('Attribute deleted successfully!')).toBeInTheDocument();
        await waitFor(() => expect(dataProvider.delete).toHaveBeenCalledWith('attribute', expect.objectContaining({ id: 6 })), afterUndoWindow);
    });

    it.each([
        {
            answer: '409',
            error: new HttpError('This attribute is used by 3 products; change them first.', 409, {
                message: 'This attribute is used by 3 products; change them first.',
            }),
            expected: 'This attribute is used by 3 products; change them first.',
        },
        {
            answer: '500',
            error: new HttpError('Internal Server Error', 500, { message: 'Internal Server Error' }),
            expected: 'Error occurred while deleting the attribute.',
        },
    ])('keeps the attribute and says so when the delete fails with $answer', async ({ error, expected }) => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        renderAdmin('/attribute', inMemoryDataProvider({ attribute: attributes }, { delete: vi.fn().mockRejectedValue(error) }));

        await user.click(within(await rowOf('Weight')).getByRole('button', { name: 'Delete' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

        expect(await screen.findByText(expected, {}, afterUndoWindow)).toBeInTheDocument();
        await dialogClosed();
        expect(await screen.findByText('Weight')).toBeInTheDocument();
    });
});

describe('SubcategoryList', () => {
    it('asks before it deactivates a subcategory, and shows the category of each', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ subcategories });
        renderAdmin('/subcategories', dataProvider);

        const citrus = await rowOf('Citrus');
        expect(within(citrus).getByText('Fruits')).toBeInTheDocument();
        await user.click(within(citrus).getByRole('button', { name: 'Deactivate' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Are you sure you want to deactivate this subcategory?')).toBeInTheDocument();
        expect(dataProvider.toggleStatus).not.toHaveBeenCalled();

        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

        expect(await screen.findByText('SubCategory status toggled successfully')).toBeInTheDocument();
        await waitFor(() => expect(dataProvider.toggleStatus).toHaveBeenCalledWith('subcategories', { id: 11, status: 0 }), afterUndoWindow);
    });

    it("says 'Failed to toggle subcategory status. Please try again.' when the server fails", async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        const toggleStatus = vi.fn().mockRejectedValue(new HttpError('Internal Server Error', 500, {}));
        renderAdmin('/subcategories', inMemoryDataProvider({ subcategories }, { toggleStatus }));

        await user.click(within(await rowOf('Berries')).getByRole('button', { name: 'Activate' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

        expect(await screen.findByText('Failed to toggle subcategory status. Please try again.', {}, afterUndoWindow)).toBeInTheDocument();
    });
});

describe('GstList', () => {
    it("shows percents as written, and 'No GST entries found' when a search matches nothing", async () => {
        const user = userEvent.setup();
        renderAdmin('/gst', inMemoryDataProvider({ gst: [...gstRates, { ...gstRates[0], id: 8, type: 'CGST', percent: 2.5 }] }));

        expect(within(await rowOf('18%')).getByText('IGST')).toBeInTheDocument();
        expect(within(await rowOf('2.5%')).getByText('CGST')).toBeInTheDocument();

        await user.type(screen.getByPlaceholderText('Search'), 'VAT');

        // The search waits 500 ms for the typing to end, then the list reloads.
        expect(await screen.findByText('No GST entries found', {}, { timeout: 5000 })).toBeInTheDocument();
    });

    it("says 'No GST rates found' when there are none at all", async () => {
        renderAdmin('/gst', inMemoryDataProvider({ gst: [] }));

        expect(await screen.findByText('No GST rates found')).toBeInTheDocument();
    });
});
