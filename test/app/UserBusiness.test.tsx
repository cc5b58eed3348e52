import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ROLE } from '../../schema/access';
import { GSTIN_CHECK_MESSAGE, gstinCheckCharacter } from '../../schema/gstin';
import { TOKEN_KEY } from '../../src/authProvider';
import { createUser, makeApp, signIn } from '../server/helpers';
import { serveWith } from './realApi';

// A user's page in the whole app over the real API: staff see a customer's GSTIN and business name, and an
// administrator enters them, the GSTIN checked as it is typed by the same named check the server runs.
configure({ asyncUtilTimeout: 20_000 });

const BUYER_GSTIN = `29AABCR5678B1Z${gstinCheckCharacter('29AABCR5678B1Z')}`;
const WRONG_CHECK = `29AABCR5678B1Z${gstinCheckCharacter('29AABCR5678B1Z') === 'A' ? 'B' : 'A'}`;

afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
});

async function openUser(roleId: number, business: { gstin: string; businessName: string } | null = null) {
    const t = await makeApp();
    const { id } = await createUser(t.app, 'meera@udupi.test', ROLE.customer, 'Meera Iyer');
    if (business) await t.app.db.updateTable('users').set(business).where('id', '=', id).execute();
    const { authorization } = await signIn(t, roleId === ROLE.admin ? 'admin@shop.test' : 'seller@shop.test', roleId);
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    serveWith(t);
    vi.resetModules();
    const { App } = await import('../../src/App');
    render(
        <TestMemoryRouter initialEntries={[`/users/${id}/show`]}>
            <App />
        </TestMemoryRouter>,
    );
    return { t, id };
}

describe("a customer's business details on their user page", () => {
    it('are entered by an administrator: a wrong check character is named at once, a right GSTIN is saved and shown', async () => {
        const { t, id } = await openUser(ROLE.admin);
        const user = userEvent.setup();
        const form = await screen.findByRole('region', { name: 'Business details' });
        const gstin = within(form).getByLabelText('GSTIN');
        const save = within(form).getByRole('button', { name: 'Save business details' });
        expect(save).toBeDisabled();

        await user.type(gstin, WRONG_CHECK);
        expect(await within(form).findByText(GSTIN_CHECK_MESSAGE)).toBeInTheDocument();
        expect(save).toBeDisabled();

        await user.clear(gstin);
        await user.type(gstin, BUYER_GSTIN.toLowerCase());
        await user.type(within(form).getByLabelText('Business name'), 'Udupi Hotels Pvt Ltd');
        expect(within(form).queryByText(GSTIN_CHECK_MESSAGE)).not.toBeInTheDocument();
        await user.click(save);
        expect(await screen.findByText('Business details saved')).toBeInTheDocument();
        await waitFor(async () => {
            const row = await t.app.db.selectFrom('users').select(['gstin', 'businessName']).where('id', '=', id).executeTakeFirstOrThrow();
            expect(row).toEqual({ gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' });
        });
        // The page shows them as saved (the show fields, beside the form).
        expect(await screen.findByText(BUYER_GSTIN)).toBeInTheDocument();
        expect(screen.getAllByText('Udupi Hotels Pvt Ltd').length).toBeGreaterThan(0);
    }, 60_000);

    it('are read by a seller, who gets no form to change them', async () => {
        await openUser(ROLE.seller, { gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' });
        expect(await screen.findByText(BUYER_GSTIN)).toBeInTheDocument();
        expect(screen.getByText('Udupi Hotels Pvt Ltd')).toBeInTheDocument();
        expect(screen.queryByRole('region', { name: 'Business details' })).not.toBeInTheDocument();
    }, 60_000);
});
