import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Registration } from '../../src/pages/registration/Registration';
import { UserRegistration } from '../../src/pages/registration/UserRegistration';
import { renderPage, serveApi } from './peoplePages';

// These screens render whole forms and tables in jsdom: slow on a busy machine, so wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });

const RAVI = { name: 'Ravi Kumar', email: 'ravi@example.in', contact_no: '9876543210', address: '12 MG Road', pincode: '560001', password: 'secret1' };

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof RAVI> & { confirm?: string }) {
    const labels: Record<string, string | RegExp> = {
        name: /^Name/,
        email: /^E-mail/,
        contact_no: /^Contact number/,
        address: /^Address/,
        pincode: /^Pincode/,
        password: /^Password/,
        confirm: /^Confirm password/,
    };
    for (const [field, value] of Object.entries(values)) {
        const input = screen.getByLabelText(labels[field]!, { selector: 'input, textarea' });
        await user.clear(input);
        await user.type(input, value!);
    }
}

describe('customer registration (/registration)', () => {
    it("shows the customer rules' messages and sends nothing", async () => {
        const calls = serveApi({});
        const user = userEvent.setup();
        renderPage(<Registration />, { path: '/registration' });
        await user.click(await screen.findByRole('button', { name: 'Register' }));
        for (const message of [
            'Please enter your name!',
            'Please enter a valid email address!',
            'Please enter a valid 10-digit contact number!',
            'Please enter your address!',
            'Please enter a valid 6-digit pincode!',
            'Password must be at least 6 characters long!',
        ]) {
            expect(await screen.findByText(message)).toBeInTheDocument();
        }
        await fill(user, { contact_no: '98765', pincode: '56000', password: '12345' });
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(screen.getByText('Please enter a valid 10-digit contact number!')).toBeInTheDocument();
        expect(screen.getByText('Please enter a valid 6-digit pincode!')).toBeInTheDocument();
        expect(screen.getByText('Password must be at least 6 characters long!')).toBeInTheDocument();
        expect(calls).toEqual([]);
    });

    // The server answers a new and a taken address alike and gives no session: the customer signs in at / with a mailed code.
    it('registers with the six fields and goes to / two seconds later, to sign in', async () => {
        const calls = serveApi({ 'POST /api/user_register': { status: 201, json: { success: true, message: 'Registration successful' } } });
        const user = userEvent.setup();
        renderPage(<Registration />, { path: '/registration' });
        await screen.findByRole('button', { name: 'Register' });
        await fill(user, { ...RAVI, email: ' ravi@example.in' });
        await user.click(screen.getByRole('button', { name: 'Register' }));

        expect(await screen.findByText('Registration successful! Taking you to the home page…')).toBeInTheDocument();
        expect(calls).toHaveLength(1);
        expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/user_register', body: RAVI });
        expect(localStorage.getItem('authToken')).toBeNull();
        expect(localStorage.getItem('token')).toBeNull();
        expect(screen.getByTestId('location')).toHaveTextContent('/registration');
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 8000 });
    });

    it("shows 'Error: ' and the server's message when it refuses", async () => {
        serveApi({ 'POST /api/user_register': { status: 429, json: { success: false, message: 'Rate limit exceeded, retry in 1 minute' } } });
        const user = userEvent.setup();
        renderPage(<Registration />, { path: '/registration' });
        await screen.findByRole('button', { name: 'Register' });
        await fill(user, RAVI);
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(await screen.findByText('Error: Rate limit exceeded, retry in 1 minute')).toBeInTheDocument();
        expect(localStorage.getItem('authToken')).toBeNull();
    });

    it("says 'Registration failed, please try again.' when the server fails", async () => {
        serveApi({ 'POST /api/user_register': { status: 500, json: { success: false, message: 'Something went wrong on our side. Please try again.' } } });
        const user = userEvent.setup();
        renderPage(<Registration />, { path: '/registration' });
        await screen.findByRole('button', { name: 'Register' });
        await fill(user, RAVI);
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(await screen.findByText('Registration failed, please try again.')).toBeInTheDocument();
    });
});

describe('admin-style registration (/userreg)', () => {
    it("shows a 'Please enter…' message per empty field, and 'Passwords do not match!'", async () => {
        const calls = serveApi({});
        const user = userEvent.setup();
        renderPage(<UserRegistration />, { path: '/userreg' });
        await user.click(await screen.findByRole('button', { name: 'Register' }));
        for (const message of [
            'Please, enter your name!',
            'Please enter a valid Email address!',
            'Please enter your contact number!',
            'Please enter your address!',
            'Please enter your pincode!',
            'Please enter your password!',
            'Passwords do not match!',
        ]) {
            expect(await screen.findByText(message)).toBeInTheDocument();
        }
        await fill(user, { ...RAVI, confirm: 'secret2' });
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
        expect(calls).toEqual([]);
    });

    // A backend that still answers a token (as the legacy one did) has it kept under 'authToken', where the payment
    // screens look for it.
    it('sends the six fields without the confirmation and says so on success', async () => {
        const calls = serveApi({ 'POST /api/user_register': { status: 201, json: { success: true, token: 'tok-9' } } });
        const user = userEvent.setup();
        renderPage(<UserRegistration />, { path: '/userreg' });
        await screen.findByRole('button', { name: 'Register' });
        await fill(user, { ...RAVI, confirm: RAVI.password });
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(await screen.findByText('Registration successful! You can now sign in.')).toBeInTheDocument();
        expect(calls[0].body).toEqual(RAVI);
        expect(localStorage.getItem('authToken')).toBe('tok-9');
    });

    it("shows the server's reason after 'Error: '", async () => {
        serveApi({ 'POST /api/user_register': { status: 400, json: { success: false, message: 'Please enter a valid 10-digit contact number!' } } });
        const user = userEvent.setup();
        renderPage(<UserRegistration />, { path: '/userreg' });
        await screen.findByRole('button', { name: 'Register' });
        await fill(user, { ...RAVI, contact_no: '12345', confirm: RAVI.password });
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(await screen.findByText('Error: Please enter a valid 10-digit contact number!')).toBeInTheDocument();
    });
});
