import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { i18nProvider } from '../../src/i18n';
import { Login } from '../../src/layout/Login';

const EMAIL = 'admin@example.com';

const renderLogin = (login: AuthProvider['login']) => {
    const authProvider: AuthProvider = {
        login: vi.fn(login),
        logout: async () => {},
        checkAuth: () => Promise.reject(new Error('signed out')),
        checkError: async () => {},
    };
    render(
        <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
            <Login />
        </AdminContext>
    );
    return authProvider.login as ReturnType<typeof vi.fn>;
};

const submitEmail = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByLabelText(/e-mail/i), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
};

describe('Login', () => {
    it('asks for the e-mail, then for the code, then signs in with both', async () => {
        const user = userEvent.setup();
        const login = renderLogin(async () => {});

        await submitEmail(user);
        expect(login).toHaveBeenCalledWith({ email: EMAIL });

        await user.type(await screen.findByLabelText(/one-time code/i), '123456');
        expect(screen.getByText(`If this address has an account, a code is on its way to ${EMAIL}. Enter it here.`)).toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

        expect(login).toHaveBeenLastCalledWith({ email: EMAIL, otp: '123456' });
    });

    it('asks for an e-mail before sending anything, and checks its form as it is corrected', async () => {
        const user = userEvent.setup();
        const login = renderLogin(async () => {});

        await user.click(await screen.findByRole('button', { name: 'Send code' }));
        expect(await screen.findByText('Required')).toBeInTheDocument();
        expect(screen.getByLabelText(/e-mail/i)).toHaveFocus();

        await user.type(screen.getByLabelText(/e-mail/i), 'someone@nowhere');
        expect(screen.getByText('Invalid email')).toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Send code' }));
        expect(login).not.toHaveBeenCalled();

        await user.type(screen.getByLabelText(/e-mail/i), '.in');
        expect(screen.queryByText('Invalid email')).not.toBeInTheDocument();
    });

    it('asks for the code before signing in', async () => {
        const user = userEvent.setup();
        const login = renderLogin(async () => {});

        await submitEmail(user);
        await user.click(await screen.findByRole('button', { name: 'Verify and sign in' }));

        expect(await screen.findByText('Required')).toBeInTheDocument();
        expect(login).toHaveBeenCalledTimes(1);
    });

    it("shows 'Invalid email' when the server refuses the address", async () => {
        const user = userEvent.setup();
        renderLogin(async () => {
            throw new HttpError('Invalid email', 400, { message: 'Invalid email' });
        });

        await submitEmail(user);

        expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email');
        expect(screen.queryByLabelText(/one-time code/i)).not.toBeInTheDocument();
    });

    it("shows 'Invalid OTP' when the code is refused", async () => {
        const user = userEvent.setup();
        renderLogin(async ({ otp }) => {
            if (otp) throw new HttpError('Invalid OTP', 401, { message: 'Invalid OTP' });
        });

        await submitEmail(user);
        await user.type(await screen.findByLabelText(/one-time code/i), '000000');
        await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

        expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
    });

    it('resends the code and says so', async () => {
        const user = userEvent.setup();
        const login = renderLogin(async () => {});

        await submitEmail(user);
        await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));

        expect(await screen.findByText('OTP resent to your email.')).toBeInTheDocument();
        expect(login).toHaveBeenCalledTimes(2);
        expect(login).toHaveBeenLastCalledWith({ email: EMAIL });
    });

    it('says when resending failed', async () => {
        const user = userEvent.setup();
        let calls = 0;
        renderLogin(async () => {
            if (++calls > 1) throw new HttpError('Too many requests', 429, {});
        });

        await submitEmail(user);
        await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));

        expect(await screen.findByRole('alert')).toHaveTextContent('Error resending OTP. Please try again. (Too many requests)');
    });
});
