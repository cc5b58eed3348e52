import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter, testDataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { i18nProvider } from '../../src/i18n';
import { CheckoutForm } from '../../src/pages/payments/CheckoutForm';
import { browser } from '../../src/pages/payments/leavePage';
import { PaymentPage } from '../../src/pages/payments/PaymentPage';
import { RazorpayPayment } from '../../src/pages/payments/RazorpayPayment';
import { TestCheckout } from '../../src/pages/payments/TestCheckout';
import { fetchCall } from './fetchStub';

/** fetch answering each call in turn with [status, json]. */
const answers = (...replies: Array<[number, unknown]>) => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
        const [status, json] = replies.shift() ?? [500, {}];
        return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
};

const renderAt = (path: string) => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
                <Routes>
                    <Route path="/PaymentPage" element={<PaymentPage />} />
                    <Route path="/RazorpayPayment" element={<RazorpayPayment />} />
                    <Route path="/CheckoutForm" element={<CheckoutForm />} />
                    <Route path="/test-checkout/:id" element={<TestCheckout />} />
                </Routes>
            </AdminContext>
        </TestMemoryRouter>
    );
    return go;
};

const testCheckout = { orderId: 'order_testABC', order: { id: 'order_testABC', amount: 10000, currency: 'INR' }, prefillData: { name: 'Asha', email: 'a@s.t', contact: '' }, key: 'rzp_test_builtin', provider: 'test', checkoutUrl: '/test-checkout/order_testABC' };
const later = { timeout: 5000 };

describe('/PaymentPage', () => {
    it("creates a payment link for the default ₹100 with the 'authToken' and opens it", async () => {
        localStorage.setItem('token', 'staff-token');
        localStorage.setItem('authToken', 'customer-token');
        const fetch = answers([200, { success: true, short_url: 'https://rzp.io/i/abc', paymentId: 'plink_1' }]);
        const go = renderAt('/PaymentPage');
        const user = userEvent.setup();

        expect(screen.getByLabelText(/Amount/)).toHaveValue('100');
        await user.click(screen.getByRole('button', { name: 'Get payment link' }));

        await waitFor(() => expect(go).toHaveBeenCalledWith('https://rzp.io/i/abc'), later);
        const call = fetchCall(fetch);
        expect(call).toMatchObject({ url: '/api/create-paymentorder', method: 'POST', body: '{"amount":100,"currency":"INR"}' });
        expect(call.headers.authorization).toBe('Bearer customer-token');
    });

    it.each(['0', '-5', '12.5', 'abc', ''])("refuses the amount '%s' without calling the server", async amount => {
        const fetch = answers();
        renderAt('/PaymentPage');
        const user = userEvent.setup();
        await user.clear(screen.getByLabelText(/Amount/));
        if (amount) await user.type(screen.getByLabelText(/Amount/), amount);
        await user.click(screen.getByRole('button', { name: 'Get payment link' }));
        expect(await screen.findByText('Please enter a valid amount.')).toBeInTheDocument();
        expect(fetch).not.toHaveBeenCalled();
    });

    it('says so when the link cannot be created', async () => {
        answers([502, { success: false, message: 'The payment provider did not answer. Please try again.' }]);
        renderAt('/PaymentPage');
        await userEvent.setup().click(screen.getByRole('button', { name: 'Get payment link' }));
        expect(await screen.findByText('Payment order creation failed. Please try again.', undefined, later)).toBeInTheDocument();
    });

    it.each([
        [200, { success: true, message: 'Payment successful' }, 'Payment successful'],
        [400, { success: false, message: 'Payment verification failed' }, 'Payment verification failed'],
    ])('confirms the payment the provider sends the customer back with (%s)', async (status, json, expected) => {
        const fetch = answers([status, json]);
        renderAt('/PaymentPage?razorpay_payment_id=pay_1&razorpay_payment_link_id=plink_1&razorpay_payment_link_status=paid');
        expect(await screen.findByText(expected, undefined, later)).toBeInTheDocument();
        expect(fetchCall(fetch)).toMatchObject({ url: '/api/confirm-payment', method: 'POST', body: '{"paymentId":"plink_1","transactionId":"pay_1"}' });
        expect(fetch).toHaveBeenCalledTimes(1);
    });
});

describe('/RazorpayPayment', () => {
    it("creates a checkout order and opens the test provider's page, to come back here", async () => {
        const fetch = answers([200, testCheckout]);
        const go = renderAt('/RazorpayPayment');
        const user = userEvent.setup();
        await user.clear(screen.getByLabelText(/Amount/));
        await user.type(screen.getByLabelText(/Amount/), '250');
        await user.click(screen.getByRole('button', { name: 'Pay now' }));
        await waitFor(() => expect(go).toHaveBeenCalledWith('/test-checkout/order_testABC?return=%2FRazorpayPayment'), later);
        expect(fetchCall(fetch)).toMatchObject({ url: '/api/create-paymentorderr', body: '{"amount":250}' });
    });

    it('says Failed to create payment order. when the server refuses', async () => {
        answers([500, {}]);
        renderAt('/RazorpayPayment');
        await userEvent.setup().click(screen.getByRole('button', { name: 'Pay now' }));
        expect(await screen.findByText('Failed to create payment order.', undefined, later)).toBeInTheDocument();
    });

    it.each([
        [200, { message: 'Payment successful' }, 'Payment successful'],
        [400, { message: 'Payment verification failed' }, 'Payment verification failed'],
    ])('verifies the signed answer the checkout returns with (%s)', async (status, json, expected) => {
        const fetch = answers([status, json]);
        renderAt('/RazorpayPayment?razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=abc');
        expect(await screen.findByText(expected, undefined, later)).toBeInTheDocument();
        expect(fetchCall(fetch)).toMatchObject({ url: '/api/verify-payment', body: '{"payment_id":"pay_1","order_id":"order_1","signature":"abc"}' });
    });

    it('says the payment did not go through when the customer chose Fail', async () => {
        const fetch = answers();
        renderAt('/RazorpayPayment?payment_failed=1');
        expect(await screen.findByText(/The payment did not go through/, undefined, later)).toBeInTheDocument();
        expect(fetch).not.toHaveBeenCalled();
    });
});

describe('/CheckoutForm', () => {
    it("shows the order's total and pays that order", async () => {
        const order = { id: 5, totalPrice: 1142.49, status: 'placed', paymentMethod: 'online', products: [{ name: 'Shimla Apples 1 kg', quantity: 3 }] };
        const fetch = answers([200, order], [200, { ...testCheckout, order: { ...testCheckout.order, amount: 114249 } }]);
        const go = renderAt('/CheckoutForm?orderId=5');
        await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay ₹1,142.49' }, later));
        await waitFor(() => expect(go).toHaveBeenCalledWith('/test-checkout/order_testABC?return=%2FCheckoutForm%3ForderId%3D5'), later);
        expect(fetchCall(fetch, 0).url).toBe('/api/orderr/5');
        expect(fetchCall(fetch, 1)).toMatchObject({ url: '/api/create-paymentorderr', body: '{"orderId":5}' });
    });

    it('says Payment order creation failed. Please try again. when the checkout cannot be made', async () => {
        answers([200, { id: 5, totalPrice: 10, status: 'placed', paymentMethod: 'online', products: [] }], [409, { message: 'This order is not waiting for payment' }]);
        renderAt('/CheckoutForm?orderId=5');
        await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay ₹10.00' }, later));
        expect(await screen.findByText('Payment order creation failed. Please try again.', undefined, later)).toBeInTheDocument();
    });
});

describe("the test provider's checkout page", () => {
    it('pays and returns to the screen with the signed answer', async () => {
        const fetch = answers(
            [200, { id: 'order_testABC', kind: 'order', amount: 114249, currency: 'INR', description: 'order_5', status: 'created' }],
            [200, { success: true, outcome: 'paid', razorpay_order_id: 'order_testABC', razorpay_payment_id: 'pay_testX', razorpay_signature: 'sig' }]
        );
        const go = renderAt('/test-checkout/order_testABC?return=%2FCheckoutForm%3ForderId%3D5');
        await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay ₹1,142.49' }, later));
        await waitFor(
            () => expect(go).toHaveBeenCalledWith('/CheckoutForm?orderId=5&razorpay_order_id=order_testABC&razorpay_payment_id=pay_testX&razorpay_signature=sig'),
            later
        );
        expect(fetchCall(fetch, 1)).toMatchObject({ url: '/api/test-checkout/order_testABC', method: 'POST', body: '{"outcome":"pay"}' });
    });

    it('says in a banner, before anything else, that test payments move no money', async () => {
        answers([200, { id: 'order_testABC', kind: 'order', amount: 100, currency: 'INR', description: null, status: 'created' }]);
        renderAt('/test-checkout/order_testABC');
        const banner = await screen.findByRole('status', undefined, later);
        expect(banner).toHaveTextContent('Test payments: no money moves');
        await screen.findByRole('button', { name: 'Pay ₹1.00' }, later);
        expect(banner.compareDocumentPosition(screen.getByRole('button', { name: 'Pay ₹1.00' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('never returns to another site, and reports a failed payment', async () => {
        answers([200, { id: 'order_testABC', kind: 'order', amount: 100, currency: 'INR', description: null, status: 'created' }], [200, { success: true, outcome: 'failed' }]);
        const go = renderAt('/test-checkout/order_testABC?return=%2F%2Fevil.example%2Fsteal');
        await userEvent.setup().click(await screen.findByRole('button', { name: 'Fail payment' }, later));
        await waitFor(() => expect(go).toHaveBeenCalledWith('/?payment_failed=1'), later);
    });

    it('says when the payment does not exist', async () => {
        answers([404, { message: 'Unknown payment' }]);
        renderAt('/test-checkout/order_nothing');
        expect(await screen.findByText('This payment does not exist or the test provider is not in use.', undefined, later)).toBeInTheDocument();
    });
});
