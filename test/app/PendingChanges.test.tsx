import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { nowIso } from '../../server/infra/time';
import { makeApp, signIn, type TestApp } from '../server/helpers';
import { serveWith } from './realApi';

// Views are fetched on first show (code splitting), and the real server answers each call.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
});

/** The whole app over the real API, signed in as an administrator, on the GST list with one 18% rate (kept in hundredths). */
async function openGstList() {
    const t = await makeApp();
    const { authorization } = await signIn(t);
    const now = nowIso();
    const { id } = await t.app.db
        .insertInto('gstRates')
        .values({ type: 'IGST', description: 'Integrated', percent: 1800, status: 1, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    const keepalive: boolean[] = [];
    const calls = serveWith(t);
    const served = globalThis.fetch;
    // Records which calls were marked to outlive the page, then lets the real API answer.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (init.method === 'PUT' || init.method === 'POST') keepalive.push(init.keepalive === true);
        return served(input, init);
    });
    vi.resetModules();
    const { App } = await import('../../src/App');
    render(
        <TestMemoryRouter initialEntries={['/gst']}>
            <App />
        </TestMemoryRouter>
    );
    return { t, id, calls, keepalive };
}

const statusOf = async (t: TestApp, id: number) =>
    (await t.app.db.selectFrom('gstRates').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('an undoable change waiting when the page goes away', () => {
    it('is sent at once, as a request that outlives the page', async () => {
        const { t, id, keepalive } = await openGstList();
        const user = userEvent.setup();
        const row = (await screen.findByText('18%')).closest('tr')!;
        await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
        expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
        expect(await statusOf(t, id)).toBe(1);

        // What the browser fires on reload or close; the undo window (4 s) is still open.
        window.dispatchEvent(new Event('pagehide'));
        await waitFor(() => expect(keepalive).toEqual([true]), { timeout: 2_000 });
        await waitFor(async () => expect(await statusOf(t, id)).toBe(0), { timeout: 2_000 });
        window.dispatchEvent(new Event('pageshow'));
    }, 60_000);

    it('sends nothing when nothing is waiting', async () => {
        const { calls } = await openGstList();
        await screen.findByText('18%');
        window.dispatchEvent(new Event('pagehide'));
        await new Promise(resolve => setTimeout(resolve, 300));
        expect(calls.filter(call => !call.startsWith('GET'))).toEqual([]);
        window.dispatchEvent(new Event('pageshow'));
    }, 60_000);
});
