import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ContactUs } from '../../src/pages/contact/ContactUs';
import { renderPage, serveApi } from './peoplePages';

// These screens render whole forms and tables in jsdom: slow on a busy machine, so wait longer than the 1 s default.
configure({ asyncUtilTimeout: 8000 });

const info = { address: '1 Market Road, Pune', phone: '08012345678', email: 'hello@shop.test', hours: 'Monday-Friday 9:30AM-06:30PM' };
const meera = { name: 'Meera Iyer', email: 'meera@example.in', contactNo: '09876543210', subject: 'Late delivery', message: 'Where is my order?' };

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof meera>) {
    const labels = { name: /^Your Name/, email: /^Your Email/, contactNo: /^Contact Number/, subject: /^Subject/, message: /^Message/ };
    for (const [field, value] of Object.entries(values)) {
        const input = screen.getByLabelText(labels[field as keyof typeof labels], { selector: 'input, textarea' });
        await user.clear(input);
        await user.type(input, value);
    }
}

describe('ContactUs', () => {
    it("shows the shop's address, phone, e-mail and opening hours from GET /contact-info", async () => {
        serveApi({ 'GET /api/contact-info': { json: info } });
        renderPage(<ContactUs />, { path: '/ContactUs' });
        for (const text of Object.values(info)) expect(await screen.findByText(text)).toBeInTheDocument();
        for (const box of ['Address', 'Call Us', 'Email Us', 'Open Hours']) expect(screen.getByRole('heading', { name: box })).toBeInTheDocument();
    });

    it('says what is not set yet, and offers staff the inbox', async () => {
        serveApi({ 'GET /api/contact-info': { json: { ...info, address: null, phone: null } } });
        renderPage(<ContactUs />, { path: '/ContactUs', roleId: 2 });
        expect(await screen.findAllByText('Not set yet')).toHaveLength(2);
        expect(await screen.findByRole('link', { name: 'Read the messages sent to the shop' })).toHaveAttribute('href', '/contacts');
    });

    it("checks the form (all fields, the e-mail's shape, a 10 to 15-digit number) and sends nothing until it is right", async () => {
        const calls = serveApi({ 'GET /api/contact-info': { json: info } });
        const user = userEvent.setup();
        renderPage(<ContactUs />, { path: '/ContactUs', roleId: 3 });
        await user.click(await screen.findByRole('button', { name: 'Send Message' }));
        expect(await screen.findAllByText('Required')).toHaveLength(5);
        await fill(user, { email: 'meera@example', contactNo: '123456789' });
        await user.click(screen.getByRole('button', { name: 'Send Message' }));
        expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
        expect(screen.getByText('Please enter a valid contact number (10-15 digits).')).toBeInTheDocument();
        expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
        expect(screen.queryByRole('link', { name: 'Read the messages sent to the shop' })).toBeNull();
    });

    it('posts the message as JSON with its subject, says it went and empties the form', async () => {
        const calls = serveApi({ 'GET /api/contact-info': { json: info }, 'POST /api/contact': { status: 201, json: { success: true, message: 'Your message has been sent successfully!' } } });
        const user = userEvent.setup();
        renderPage(<ContactUs />, { path: '/ContactUs' });
        await screen.findByRole('button', { name: 'Send Message' });
        await fill(user, meera);
        await user.click(screen.getByRole('button', { name: 'Send Message' }));
        expect(await screen.findByText('Your message has been sent successfully!')).toBeInTheDocument();
        const sent = calls.find((call) => call.method === 'POST')!;
        expect(sent.url).toBe('/api/contact');
        expect(sent.body).toEqual(meera);
        expect(sent.headers.get('Content-Type')).toBe('application/json');
        expect(screen.getByLabelText(/^Your Name/)).toHaveValue('');
    });

    it("shows 'Error sending message: ' and the server's reason, or the general failure", async () => {
        let fail = 400;
        serveApi({
            'GET /api/contact-info': { json: info },
            'POST /api/contact': () => ({ status: fail, json: { success: false, message: fail === 400 ? 'Please enter a valid contact number (10-15 digits).' : 'Something went wrong' } }),
        });
        const user = userEvent.setup();
        renderPage(<ContactUs />, { path: '/ContactUs' });
        await screen.findByRole('button', { name: 'Send Message' });
        await fill(user, meera);
        await user.click(screen.getByRole('button', { name: 'Send Message' }));
        expect(await screen.findByText('Error sending message: Please enter a valid contact number (10-15 digits).')).toBeInTheDocument();
        fail = 500;
        await user.click(screen.getByRole('button', { name: 'Send Message' }));
        expect(await screen.findByText('There was an error sending your message. Please try again later.')).toBeInTheDocument();
    });
});
