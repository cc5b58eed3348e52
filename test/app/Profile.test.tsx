import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Profile } from '../../src/pages/profile/Profile';
import { renderPage, serveApi } from './peoplePages';

// These screens render whole forms and tables in jsdom: slow on a busy machine, so wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });

const profile = {
    id: 1,
    fullName: 'Asha Rao',
    email: 'asha@shop.test',
    phone: null,
    address: null,
    jobTitle: 'Store manager',
    company: null,
    country: 'India',
    about: 'Runs the store.',
    profileImage: null,
    twitter: null,
    facebook: null,
    instagram: null,
    linkedin: null,
    securityAlerts: true,
    contactAlerts: false,
    roleId: 1,
    role: 'Admin',
    hasPassword: true,
    createdAt: '2026-01-01T00:00:00.000Z',
};

const openTab = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(await screen.findByRole('tab', { name }));
    return screen.getByRole('tabpanel');
};

describe('Profile', () => {
    it('shows the four tabs and the overview of GET /profile/me', async () => {
        const calls = serveApi({ 'GET /api/profile/me': { json: profile } });
        renderPage(<Profile />, { path: '/Profile' });
        const tabs = await screen.findAllByRole('tab');
        expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Edit Profile', 'Settings', 'Change Password']);
        const panel = screen.getByRole('tabpanel');
        expect(within(panel).getByText('Runs the store.')).toBeInTheDocument();
        expect(within(panel).getByText('asha@shop.test')).toBeInTheDocument();
        expect(within(panel).getAllByText('Not set')).toHaveLength(3);
        expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/profile/me' });
    });

    it('checks and saves the Edit Profile fields through POST /profile/me', async () => {
        const calls = serveApi({
            'GET /api/profile/me': { json: profile },
            'POST /api/profile/me': (body) => ({ json: { success: true, message: 'Profile updated successfully', data: { ...profile, ...(body as object) } } }),
        });
        const user = userEvent.setup();
        renderPage(<Profile />, { path: '/Profile' });
        const panel = await openTab(user, 'Edit Profile');
        expect(within(panel).getByLabelText('Email')).toBeDisabled();
        await user.type(within(panel).getByLabelText('Phone'), '12345');
        await user.type(within(panel).getByLabelText('Twitter Profile'), 'twitter.com/asha');
        await user.clear(within(panel).getByLabelText(/^Full Name/));
        await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
        expect(await within(panel).findByText('Please enter a valid phone number (10-15 digits).')).toBeInTheDocument();
        expect(within(panel).getByText('Please enter a full address starting with https://')).toBeInTheDocument();
        expect(within(panel).getByText('Please enter your full name')).toBeInTheDocument();
        expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

        await user.type(within(panel).getByLabelText(/^Full Name/), 'Asha R.');
        await user.clear(within(panel).getByLabelText('Phone'));
        await user.type(within(panel).getByLabelText('Phone'), '+919876543210');
        await user.clear(within(panel).getByLabelText('Twitter Profile'));
        await user.type(within(panel).getByLabelText('Twitter Profile'), 'https://twitter.com/asha');
        await user.type(within(panel).getByLabelText('Company'), 'Freshcart');
        await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

        expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
        const saved = calls.find((call) => call.method === 'POST')!;
        expect(saved.url).toBe('/api/profile/me');
        expect(saved.body).toEqual({
            fullName: 'Asha R.',
            about: 'Runs the store.',
            company: 'Freshcart',
            jobTitle: 'Store manager',
            country: 'India',
            address: '',
            phone: '+919876543210',
            twitter: 'https://twitter.com/asha',
            facebook: '',
            instagram: '',
            linkedin: '',
        });
        await user.click(screen.getByRole('tab', { name: 'Overview' }));
        expect(await screen.findByText('Freshcart')).toBeInTheDocument();
    });

    it('uploads a picture as the raw file', async () => {
        const calls = serveApi({
            'GET /api/profile/me': { json: profile },
            'POST /api/profile/me/picture': { json: { success: true, message: 'Profile picture updated', data: { ...profile, profileImage: '/uploads/a.png' } } },
        });
        const user = userEvent.setup();
        renderPage(<Profile />, { path: '/Profile' });
        await openTab(user, 'Edit Profile');
        const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
        await user.upload(screen.getByTestId('picture-input'), file);
        expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
        const upload = calls.find((call) => call.url === '/api/profile/me/picture')!;
        expect(upload.method).toBe('POST');
        expect(upload.body).toBe(file);
        expect(upload.headers.get('Content-Type')).toBe('image/png');
        expect(await screen.findByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
    });

    it('saves the notification settings', async () => {
        const calls = serveApi({
            'GET /api/profile/me': { json: profile },
            'POST /api/profile/me': (body) => ({ json: { success: true, data: { ...profile, ...(body as object) } } }),
        });
        const user = userEvent.setup();
        renderPage(<Profile />, { path: '/Profile' });
        const panel = await openTab(user, 'Settings');
        await user.click(within(panel).getByLabelText('E-mail me when my password changes'));
        await user.click(within(panel).getByLabelText('E-mail me each new contact message'));
        await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
        expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
        expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ securityAlerts: false, contactAlerts: true });
    });

    it('changes the password with the current one, and says why when it is wrong', async () => {
        let attempt = 0;
        const calls = serveApi({
            'GET /api/profile/me': { json: profile },
            'POST /api/profile/me/password': () =>
                ++attempt === 1
                    ? { status: 400, json: { success: false, message: 'Your current password is not correct.' } }
                    : { json: { success: true, message: 'Password changed successfully' } },
        });
        const user = userEvent.setup();
        renderPage(<Profile />, { path: '/Profile' });
        const panel = await openTab(user, 'Change Password');
        await user.type(within(panel).getByLabelText(/^Current Password/), 'old-pass');
        await user.type(within(panel).getByLabelText(/^New Password/), 'new-pass');
        await user.type(within(panel).getByLabelText(/^Re-enter New Password/), 'new-pas');
        await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
        expect(await within(panel).findByText('Passwords do not match!')).toBeInTheDocument();
        await user.type(within(panel).getByLabelText(/^Re-enter New Password/), 's');
        await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
        expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
        await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
        expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
        expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
            { currentPassword: 'old-pass', newPassword: 'new-pass' },
            { currentPassword: 'old-pass', newPassword: 'new-pass' },
        ]);
    });

    it('lets an account without a password set one without a current password', async () => {
        const calls = serveApi({ 'GET /api/profile/me': { json: { ...profile, hasPassword: false } }, 'POST /api/profile/me/password': { json: { success: true } } });
        const user = userEvent.setup();
        renderPage(<Profile />, { path: '/Profile' });
        const panel = await openTab(user, 'Change Password');
        expect(within(panel).queryByLabelText(/^Current Password/)).toBeNull();
        await user.type(within(panel).getByLabelText(/^New Password/), 'first-pass');
        await user.type(within(panel).getByLabelText(/^Re-enter New Password/), 'first-pass');
        await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
        expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
        expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ newPassword: 'first-pass' });
    });
});
