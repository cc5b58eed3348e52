import { createHmac } from 'node:crypto';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ROLE } from '../../schema/access';
import { TOKEN_KEY } from '../../src/authProvider';
import type { AnyDb } from '../../server/engine/rows';
import { makeApp, signIn, type TestApp } from '../server/helpers';
import { startReceiver } from '../server/webhookReceiver';
import { serveWith } from './realApi';

// Settings → Webhooks in the whole app over the real API, posting to a receiver on 127.0.0.1.
// Views are fetched on first show, and a delivery waits for the server's queue: the waits are long.
configure({ asyncUtilTimeout: 20_000 });

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
    while (closers.length) await closers.pop()!();
    localStorage.clear();
    vi.unstubAllGlobals();
});

/** The whole app at `path`, signed in as `email` with `roleId`, every call answered by the real API. */
async function openApp(path: string, email = 'admin@shop.test', roleId: number = ROLE.admin) {
    const t = await makeApp();
    const { authorization } = await signIn(t, email, roleId);
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    const calls = serveWith(t);
    vi.resetModules();
    const { App } = await import('../../src/App');
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <App />
        </TestMemoryRouter>,
    );
    return { t, calls };
}

const secretIn = (dialog: HTMLElement) => (within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value;
const endpoints = (t: TestApp) => t.app.db.selectFrom('webhookEndpoints').selectAll().execute();

describe('Settings → Webhooks', () => {
    it('lets an administrator add an endpoint (the secret shown once), test it, see the delivery, make a new secret and delete it', async () => {
        const receiver = await startReceiver();
        closers.push(receiver.close);
        const { t } = await openApp('/webhooks');
        const user = userEvent.setup();

        const menu = await screen.findByRole('navigation', { name: 'Main menu' });
        expect(await within(menu).findByRole('menuitem', { name: 'Webhooks' })).toBeInTheDocument();
        expect(await screen.findByText(/No endpoint yet/)).toBeInTheDocument();
        await user.click(screen.getByRole('link', { name: 'Add endpoint' }));

        // The API checks the address and the events, and its words show on the fields.
        const address = await screen.findByLabelText('Address (URL)');
        await user.type(address, receiver.url);
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText(/^Please choose at least one event/)).toBeInTheDocument();
        await user.click(screen.getByRole('checkbox', { name: /Order placed/ }));
        await user.click(screen.getByRole('checkbox', { name: /Order paid/ }));
        await user.clear(address);
        await user.type(address, 'http://example.com/hooks');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('The endpoint must use https:// (http:// is allowed only for 127.0.0.1 or localhost, for testing)')).toBeInTheDocument();
        await user.clear(address);
        await user.type(address, receiver.url);
        await user.click(screen.getByRole('button', { name: 'Save' }));

        const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
        expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
        const secret = secretIn(shown);
        const [stored] = await endpoints(t);
        expect(stored).toMatchObject({ url: receiver.url, events: JSON.stringify(['order.placed', 'order.paid']), secret, active: 1 });
        await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));

        // The endpoint's page; its list row, and back.
        expect(await screen.findByRole('heading', { level: 1, name: receiver.url })).toBeInTheDocument();
        expect(await screen.findByText(/Nothing has been sent to this endpoint yet/)).toBeInTheDocument();
        await user.click(screen.getByRole('link', { name: 'All endpoints' }));
        const row = (await screen.findByText(receiver.url)).closest('tr')!;
        expect(within(row).getByText('Order placed')).toBeInTheDocument();
        expect(within(row).getByText('Order paid')).toBeInTheDocument();
        expect(within(row).getByText('Active')).toBeInTheDocument();
        expect(within(row).getByText(`…${secret.slice(-4)}`)).toBeInTheDocument();
        expect(screen.queryByText(secret)).toBeNull();
        await user.click(await within(row).findByRole('link', { name: 'Delivery log' }));

        await user.click(await screen.findByRole('button', { name: 'Send test event' }));
        expect(await screen.findByText('Test event delivered: the endpoint answered 200.')).toBeInTheDocument();
        const log = await screen.findByRole('table');
        const delivery = (await within(log).findByText('Delivered')).closest('tr')!;
        expect(within(delivery).getByText('Test event')).toBeInTheDocument();
        expect(within(delivery).getByText('200')).toBeInTheDocument();
        const [received] = receiver.received;
        expect(received.json.type).toBe('webhook.test');
        const signature = String(received.headers['x-webhook-signature']);
        const t0 = /t=(\d+)/.exec(signature)![1];
        expect(signature).toContain(`v1=${createHmac('sha256', secret).update(`${t0}.${received.body}`).digest('hex')}`);

        // A new secret: asked first, shown once, and the old one is gone.
        // (Found again once the notification's and the dialog's transitions leave the page reachable.)
        await user.click(await screen.findByRole('button', { name: 'New secret' }));
        await user.click(within(await screen.findByRole('dialog', { name: 'Make a new secret?' })).getByRole('button', { name: 'Make a new secret' }));
        const renewed = await screen.findByRole('dialog', { name: 'Signing secret' });
        const newSecret = secretIn(renewed);
        expect(newSecret).toMatch(/^whsec_/);
        expect(newSecret).not.toBe(secret);
        expect((await endpoints(t))[0].secret).toBe(newSecret);
        await user.click(within(renewed).getByRole('button', { name: 'I have copied it' }));
        expect(await screen.findByText(`…${newSecret.slice(-4)}`)).toBeInTheDocument();

        // Delete: asked first, then back to the empty list.
        await user.click(await screen.findByRole('button', { name: 'Delete' }));
        await user.click(within(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete' }));
        expect(await screen.findByText(/No endpoint yet/)).toBeInTheDocument();
        expect(await endpoints(t)).toEqual([]);

        const activity = await (t.app.db as unknown as AnyDb).selectFrom('auditLog').select('action').where('entity', '=', 'webhooks').orderBy('id').execute();
        expect(activity.map(line => line.action)).toEqual(['create', 'update', 'delete']);
    }, 120_000);

    it('is not offered to a seller, in the menu or at its address, and asks the API nothing', async () => {
        const { calls } = await openApp('/webhooks', 'seller@shop.test', ROLE.seller);
        expect(await screen.findByText('Access denied')).toBeInTheDocument();
        const menu = await screen.findByRole('navigation', { name: 'Main menu' });
        // Pages, in the same Settings group, is the seller's: by then the menu has settled what the role may see.
        expect(await within(menu).findByRole('menuitem', { name: 'Pages' })).toBeInTheDocument();
        expect(within(menu).queryByRole('menuitem', { name: 'Webhooks' })).toBeNull();
        expect(calls.filter(call => call.includes('/api/webhooks'))).toEqual([]);
    }, 60_000);
});
