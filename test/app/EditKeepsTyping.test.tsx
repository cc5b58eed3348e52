import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { nowIso } from '../../server/infra/time';
import { makeApp, signIn } from '../server/helpers';
import { serveWith } from './realApi';

// Views are fetched on first show (code splitting), and the real server answers each call.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

describe('an edit form whose record arrives late', () => {
    it('keeps what was typed and takes the rest of the fresher record', async () => {
        const t = await makeApp();
        const { authorization } = await signIn(t);
        const now = nowIso();
        const stamp = { status: 1, createdAt: now, updatedAt: now };
        const { id } = await t.app.db.insertInto('attributes').values({ name: 'Weight', value: '250 g', description: 'One pack', ...stamp }).returning('id').executeTakeFirstOrThrow();
        localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));

        // The record's own read waits, as on a slow connection, until the test lets it through.
        let letThrough = () => {};
        const held = new Promise<void>(resolve => (letThrough = resolve));
        const calls = serveWith(t, call => (new RegExp(`^GET \\S*/api/v1/attribute/${id}$`).test(call) ? held : undefined));
        vi.resetModules();
        const { App } = await import('../../src/App');
        render(
            <TestMemoryRouter initialEntries={['/Attribute']}>
                <App />
            </TestMemoryRouter>
        );
        const user = userEvent.setup();
        const row = (await screen.findByText('250 g')).closest('tr')!;
        // Meanwhile somebody else changes the description.
        await t.app.db.updateTable('attributes').set({ description: 'Two packs' }).where('id', '=', id).execute();

        await user.click(within(row).getByRole('link', { name: 'Edit' }));
        // The form opens on the list's copy of the record while the record's own read is on its way.
        const value = await screen.findByLabelText<HTMLInputElement>('Value *');
        expect(value.value).toBe('250 g');
        await user.clear(value);
        await user.type(value, '500 g');
        await waitFor(() => expect(calls.some(call => call.endsWith(`/api/v1/attribute/${id}`))).toBe(true));

        letThrough();
        await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Two packs'));
        expect(screen.getByLabelText<HTMLInputElement>('Value *').value).toBe('500 g');
        expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    }, 60_000);
});
