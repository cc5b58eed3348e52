import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ForgotPassword } from '../../src/pages/password/ForgotPassword';
import { ResetPassword } from '../../src/pages/password/ResetPassword';
import { renderPage, serveApi } from './peoplePages';

// These screens render whole forms and tables in jsdom: slow on a busy machine, so wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });

const TOKEN = 'Jx2f_8Qm-ZpLr4TvYb9WcN1sDk7HgAe3UoIyRt6XqVn';

describe('forgot password (/ForgotPassword)', () => {
    it('asks for a valid address, sends it and says the link is on its way', async () => {
        const calls = serveApi({ 'POST /api/forgot-password': { json: { success: true, message: 'If this e-mail address is registered, …' } } });
        const user = userEvent.setup();
        renderPage(<ForgotPassword />, { path: '/ForgotPassword' });
        const email = await screen.findByLabelText(/^E-mail/);
        await user.type(email, 'ravi@example');
        await user.click(screen.getByRole('button', { name: 'Send reset link' }));
        expect(await screen.findByText('Please enter a valid email address!')).toBeInTheDocument();
        expect(calls).toEqual([]);

        await user.type(email, '.in');
        await user.click(screen.getByRole('button', { name: 'Send reset link' }));
        expect(await screen.findByText('Password reset link has been sent to your email!')).toBeInTheDocument();
        expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/forgot-password', body: { email: 'ravi@example.in' } })]);
    });

    it('says when the mail could not be sent', async () => {
        serveApi({ 'POST /api/forgot-password': { status: 500, json: { success: false } } });
        const user = userEvent.setup();
        renderPage(<ForgotPassword />, { path: '/ForgotPassword' });
        await user.type(await screen.findByLabelText(/^E-mail/), 'ravi@example.in');
        await user.click(screen.getByRole('button', { name: 'Send reset link' }));
        expect(await screen.findByText('Error sending the password reset email. Please try again.')).toBeInTheDocument();
    });
});

describe('reset password (/ResetPassword?token=…)', () => {
    const typePasswords = async (user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) => {
        await user.type(await screen.findByLabelText(/^New password/), password);
        await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
        await user.click(screen.getByRole('button', { name: 'Reset password' }));
    };

    it("refuses different entries with 'Passwords do not match!' and a short one", async () => {
        const calls = serveApi({});
        const user = userEvent.setup();
        renderPage(<ResetPassword />, { path: `/ResetPassword?token=${TOKEN}` });
        await typePasswords(user, 'new-secret', 'new-secrets');
        expect(await screen.findByText('Passwords do not match!')).toBeInTheDocument();
        await user.clear(screen.getByLabelText(/^New password/));
        await user.type(screen.getByLabelText(/^New password/), '123');
        await user.click(screen.getByRole('button', { name: 'Reset password' }));
        expect(await screen.findByText('Password must be at least 6 characters long!')).toBeInTheDocument();
        expect(calls).toEqual([]);
    });

    it('posts the new password with the token from the link, then goes to the sign-in page three seconds later', async () => {
        const calls = serveApi({ [`POST /api/reset-password/${TOKEN}`]: { json: { success: true, message: 'Password has been reset successfully!' } } });
        const user = userEvent.setup();
        renderPage(<ResetPassword />, { path: `/ResetPassword?token=${TOKEN}` });
        await typePasswords(user, 'new-secret', 'new-secret');
        expect(await screen.findByText('Password has been reset successfully!')).toBeInTheDocument();
        expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: `/api/reset-password/${TOKEN}`, body: { password: 'new-secret' } })]);
        expect(screen.getByTestId('location')).toHaveTextContent('/ResetPassword');
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), { timeout: 8000 });
    });

    it("shows the spec's failure line and the server's reason for a used or expired link", async () => {
        serveApi({
            [`POST /api/reset-password/${TOKEN}`]: {
                status: 400,
                json: { success: false, message: 'This password reset link is invalid, used or expired. Please ask for a new one.' },
            },
        });
        const user = userEvent.setup();
        renderPage(<ResetPassword />, { path: `/ResetPassword?token=${TOKEN}` });
        await typePasswords(user, 'new-secret', 'new-secret');
        expect(
            await screen.findByText(
                'Error resetting the password. Please try again. This password reset link is invalid, used or expired. Please ask for a new one.',
            ),
        ).toBeInTheDocument();
        expect(screen.getByTestId('location')).toHaveTextContent('/ResetPassword');
    });

    it('explains that the page needs the link when the token is missing', async () => {
        serveApi({});
        renderPage(<ResetPassword />, { path: '/ResetPassword' });
        expect(await screen.findByText('This page needs the link from the password reset e-mail. Ask for a new one below.')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
        expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/ForgotPassword');
    });
});
