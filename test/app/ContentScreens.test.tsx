import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { inMemoryDataProvider } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';
import { afterUndoWindow } from './undoWindow';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const long = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(' ');
const banners = [
    { id: 1, name: 'Monsoon sale', description: long, image: null, status: 1, ...stamps },
    { id: 2, name: 'Dairy', description: 'Milk every morning', image: null, status: 0, ...stamps },
];
const coupons = [
    { id: 3, couponCode: 'FLAT50', heading: '₹50 off', discountType: 'fixed', discountValue: 50, minimumAmount: 499, startDate: '2026-01-01', expiryDate: '2026-12-31', state: 'active', status: 1, image: null, ...stamps },
    { id: 4, couponCode: 'FEST20', heading: '20% off', discountType: 'percentage', discountValue: 20, minimumAmount: 0, startDate: '2027-01-01', expiryDate: '2027-01-31', state: 'scheduled', status: 1, image: null, ...stamps },
];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('banner list', () => {
    it('cuts a description at 30 words with a Read More that opens the whole text', async () => {
        const user = userEvent.setup();
        renderAdmin('/banners', inMemoryDataProvider({ banners }));
        const row = await rowOf('Monsoon sale');
        expect(within(row).getByText(/word30…/)).toBeInTheDocument();
        expect(within(row).queryByText(/word31/)).not.toBeInTheDocument();
        expect(within(await rowOf('Dairy')).queryByRole('button', { name: 'Read More' })).not.toBeInTheDocument();

        await user.click(within(row).getByRole('button', { name: 'Read More' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText(/word1 .* word40/)).toBeInTheDocument();
    });

    it('asks before it toggles a banner, and toggles only once confirmed', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ banners });
        renderAdmin('/banners', dataProvider);

        await user.click(within(await rowOf('Monsoon sale')).getByRole('button', { name: 'Deactivate' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Are you sure you want to deactivate this banner?')).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        expect(dataProvider.toggleStatus).not.toHaveBeenCalled();

        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        await user.click(within(await rowOf('Monsoon sale')).getByRole('button', { name: 'Deactivate' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
        await waitFor(() => expect(dataProvider.toggleStatus).toHaveBeenCalledWith('banners', { id: 1, status: 0 }), afterUndoWindow);
    });
});

describe('coupons', () => {
    it('show fixed discounts in rupees, percentages with %, each state, and a code to copy', async () => {
        const user = userEvent.setup();
        const writeText = vi.fn(async () => {});
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        renderAdmin('/coupons', inMemoryDataProvider({ coupons }));

        const flat = await rowOf('FLAT50');
        expect(within(flat).getByText('₹50.00')).toBeInTheDocument();
        // Its state from its dates, and its status.
        expect(within(flat).getAllByText('Active')).toHaveLength(2);
        const fest = await rowOf('FEST20');
        expect(within(fest).getByText('20%')).toBeInTheDocument();
        expect(within(fest).getByText('Scheduled')).toBeInTheDocument();

        await user.click(within(flat).getByRole('button', { name: 'Copy FLAT50' }));
        expect(writeText).toHaveBeenCalledWith('FLAT50');
    });

    it('check the form’s rules in the API’s words before saving', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ coupons: [] });
        renderAdmin('/coupons/create', dataProvider);

        await user.type(await screen.findByLabelText(/Heading/), 'Too generous');
        await user.type(screen.getByLabelText(/Code/), 'MEGA');
        // The amount's sign follows the type: ₹ before a fixed amount, % after a percentage.
        const amount = () => screen.getByLabelText(/^Discount/, { selector: 'input[type=number]' }).closest('.MuiInputBase-root')!;
        await user.click(screen.getByLabelText(/Discount type/));
        await user.click(await screen.findByRole('option', { name: 'Fixed amount (₹)' }));
        await waitFor(() => expect(amount().textContent).toBe('₹'));
        await user.click(screen.getByLabelText(/Discount type/));
        await user.click(await screen.findByRole('option', { name: 'Percentage (%)' }));
        await waitFor(() => expect(amount().textContent).toBe('%'));
        await user.type(screen.getByLabelText(/^Discount/, { selector: 'input[type=number]' }), '120');
        await user.type(screen.getByLabelText(/Starts/), '10/12/2026');
        await user.type(screen.getByLabelText(/Expires/), '01/12/2026');
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('A percentage discount is above 0 and at most 100')).toBeInTheDocument();
        expect(screen.getByText('The expiry date cannot be before the start date')).toBeInTheDocument();
        expect(dataProvider.create).not.toHaveBeenCalled();
        // Typing ten fields key by key, the dates through their mask, takes a loaded CI machine past 20 s.
    }, 60_000);
});

describe('date inputs', () => {
    it('are typed as the app shows dates, dd/mm/yyyy, and sent as the API’s YYYY-MM-DD', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ coupons });
        renderAdmin('/coupons/3', dataProvider);

        const starts = (await screen.findByLabelText(/Starts/, undefined, { timeout: 15_000 })) as HTMLInputElement;
        await waitFor(() => expect(starts.value).toBe('01/01/2026'));
        expect(starts).toHaveAttribute('placeholder', 'dd/mm/yyyy');
        expect((screen.getByLabelText(/Expires/) as HTMLInputElement).value).toBe('31/12/2026');
        expect(screen.getAllByRole('button', { name: 'Choose from a calendar' })).toHaveLength(2);

        // No such day: refused in the format's words.
        await user.clear(starts);
        await user.type(starts, '31/02/2026');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Enter a date as dd/mm/yyyy')).toBeInTheDocument();
        expect(dataProvider.update).not.toHaveBeenCalled();

        // Digits alone get their slashes as they are typed.
        await user.clear(starts);
        await user.type(starts, '15032026');
        expect(starts.value).toBe('15/03/2026');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
        expect(vi.mocked(dataProvider.update).mock.calls[0][1].data).toMatchObject({ startDate: '2026-03-15', expiryDate: '2026-12-31' });
    }, 60_000);
});

describe('settings form', () => {
    it('refuses links that are not http(s) and a malformed e-mail, then saves', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ settings: [] });
        renderAdmin('/settings/create', dataProvider);

        await user.type(await screen.findByLabelText(/Website/), 'freshcart.in');
        await user.type(screen.getByLabelText(/Instagram/), 'javascript:alert(1)');
        await user.type(screen.getByLabelText(/E-mail/), 'hello@');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Please enter the website address as an http(s) link')).toBeInTheDocument();
        expect(screen.getByText('Please enter the Instagram page as an http(s) link')).toBeInTheDocument();
        expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();

        await user.clear(screen.getByLabelText(/Website/));
        await user.type(screen.getByLabelText(/Website/), 'https://freshcart.in');
        await user.clear(screen.getByLabelText(/Instagram/));
        await user.type(screen.getByLabelText(/Instagram/), 'https://instagram.com/freshcart');
        await user.clear(screen.getByLabelText(/E-mail/));
        await user.type(screen.getByLabelText(/E-mail/), 'hello@freshcart.in');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
        expect(vi.mocked(dataProvider.create).mock.calls[0][1].data).toMatchObject({ website: 'https://freshcart.in', email: 'hello@freshcart.in' });
        // Six fields typed key by key, three of them twice: past 20 s on a loaded CI machine.
    }, 60_000);
});
