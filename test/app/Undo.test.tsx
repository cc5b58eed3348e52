import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { dataProvider } from '../../src/dataProvider';
import { renderAdmin } from './renderAdmin';
import { afterUndoWindow } from './undoWindow';

// Views are fetched on first show (code splitting), which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const stamps = { createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };
const rates = [
    { id: 7, type: 'IGST', description: 'Integrated', percent: 18, status: 1, ...stamps },
    { id: 8, type: 'CGST', description: 'Central', percent: 2.5, status: 1, ...stamps },
];

const reply = (status: number, json: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/**
 * The API behind the real data provider: lists the GST rates, and answers every write with `write`
 * (by default a success). `writes` records what reached it.
 */
const stubApi = (write: () => Response = () => reply(200, { success: true, message: 'GST status toggled successfully' })) => {
    const writes: { method: string; path: string; body: unknown }[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const path = new URL(url, 'http://app.test').pathname;
        if (method === 'GET') return reply(200, rates, { 'Content-Range': `gst 0-${rates.length - 1}/${rates.length}` });
        writes.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return write();
    });
    vi.stubGlobal('fetch', fetch);
    return writes;
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** Long enough for the undo window to have closed, had it not been cancelled. */
const windowPassed = () => new Promise(resolve => setTimeout(resolve, 5_000));

describe('an undoable toggle', () => {
    it('shows the new status at once, and Undo cancels the request', async () => {
        const user = userEvent.setup();
        const writes = stubApi();
        renderAdmin('/gst', dataProvider);

        await user.click(within(await rowOf('18%')).getByRole('button', { name: 'Deactivate' }));
        expect(await screen.findByText('GST status toggled successfully')).toBeInTheDocument();
        expect(within(await rowOf('18%')).getByText('Inactive')).toBeInTheDocument();

        await user.click(screen.getByRole('button', { name: 'Undo' }));

        await waitFor(() => expect(within(screen.getByText('18%').closest('tr')!).getByText('Active')).toBeInTheDocument());
        await windowPassed();
        expect(writes).toEqual([]);
    });

    it('sends the request once the window closes without Undo', async () => {
        const user = userEvent.setup();
        const writes = stubApi();
        renderAdmin('/gst', dataProvider);

        await user.click(within(await rowOf('18%')).getByRole('button', { name: 'Deactivate' }));
        expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
        expect(writes).toEqual([]);

        await waitFor(() => expect(writes).toEqual([{ method: 'PUT', path: '/api/v1/gst/7', body: { status: 0 } }]), afterUndoWindow);
    }, 20_000);

    it("shows the server's refusal and puts the status back", async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        const writes = stubApi(() => reply(409, { success: false, message: 'GST rate 18% is in use by 3 products' }));
        renderAdmin('/gst', dataProvider);

        await user.click(within(await rowOf('18%')).getByRole('button', { name: 'Deactivate' }));
        expect(within(await rowOf('18%')).getByText('Inactive')).toBeInTheDocument();

        expect(await screen.findByText('GST rate 18% is in use by 3 products', {}, afterUndoWindow)).toBeInTheDocument();
        expect(writes).toHaveLength(1);
        await waitFor(() => expect(within(screen.getByText('18%').closest('tr')!).getByText('Active')).toBeInTheDocument());
    }, 20_000);
});

describe('an undoable delete', () => {
    const confirmDelete = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
        await user.click(within(await rowOf(text)).getByRole('button', { name: 'Delete' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    };

    it('asks first, takes the row away at once, and Undo brings it back without a request', async () => {
        const user = userEvent.setup();
        const writes = stubApi();
        renderAdmin('/gst', dataProvider);

        await confirmDelete(user, '18%');
        expect(await screen.findByText('GST deleted successfully')).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByText('18%')).not.toBeInTheDocument());

        await user.click(screen.getByRole('button', { name: 'Undo' }));

        expect(await screen.findByText('18%')).toBeInTheDocument();
        await windowPassed();
        expect(writes).toEqual([]);
    });

    it('sends DELETE once the window closes', async () => {
        const user = userEvent.setup();
        const writes = stubApi();
        renderAdmin('/gst', dataProvider);

        await confirmDelete(user, '18%');
        expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
        expect(writes).toEqual([]);

        await waitFor(() => expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/v1/gst/7']), afterUndoWindow);
    }, 20_000);

    it("shows a 409 refusal in the server's words and the row comes back", async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        stubApi(() => reply(409, { success: false, message: 'This GST rate is used by 3 products; change them first.' }));
        renderAdmin('/gst', dataProvider);

        await confirmDelete(user, '18%');
        await waitFor(() => expect(screen.queryByText('18%')).not.toBeInTheDocument());

        expect(await screen.findByText('This GST rate is used by 3 products; change them first.', {}, afterUndoWindow)).toBeInTheDocument();
        expect(await screen.findByText('18%')).toBeInTheDocument();
    }, 20_000);
});

describe('an undoable bulk action', () => {
    it('changes the selection at once, and Undo cancels the one request', async () => {
        const user = userEvent.setup();
        const writes = stubApi();
        renderAdmin('/gst', dataProvider);

        await screen.findByText('18%');
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
        expect(await screen.findByText('2 rows deactivated')).toBeInTheDocument();
        await waitFor(() => expect(screen.queryAllByText('Active')).toHaveLength(0));

        await user.click(screen.getByRole('button', { name: 'Undo' }));

        await waitFor(() => expect(screen.getAllByText('Active')).toHaveLength(2));
        await windowPassed();
        expect(writes).toEqual([]);
    });

    it('sends one request after the window, and names the refused rows, which come back', async () => {
        const user = userEvent.setup();
        const writes = stubApi(() =>
            reply(200, {
                success: true,
                results: [
                    { id: 7, ok: false, message: 'Used by 3 products' },
                    { id: 8, ok: true },
                ],
            })
        );
        renderAdmin('/gst', dataProvider);

        await screen.findByText('18%');
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(screen.getByRole('button', { name: 'Delete selected' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
        await waitFor(() => expect(screen.queryByText('18%')).not.toBeInTheDocument());
        expect(writes).toEqual([]);

        const alert = await screen.findByText(/1 row deleted/, {}, afterUndoWindow);
        expect(alert).toHaveTextContent('1 refused:');
        expect(alert).toHaveTextContent('IGST 18%: Used by 3 products');
        expect(writes).toEqual([{ method: 'POST', path: '/api/gst/bulk', body: { ids: [7, 8], action: 'delete' } }]);
        // The server still has both (the stub): the list reloads them.
        expect(await screen.findByText('18%')).toBeInTheDocument();
    }, 20_000);
});
