// Not run again on PostgreSQL: its server is started on SQLite; payment races run there in payments.
// No fake payment in production. With NODE_ENV=production the built-in test provider is off
// unless ALLOW_TEST_PAYMENTS=true; without a provider online payment is refused with a clear message, cash on
// delivery works, and the server says at start which provider is active.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { NO_ONLINE_PAYMENT, paymentMode } from '../../server/features/payments/providerFor';
import { basket, orderShop, placed } from './orderShop';

describe('payments in production', () => {
    it('chooses Razorpay with its keys, the test provider outside production or when allowed, else none', () => {
        const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' };
        expect(paymentMode(loadConfig({}))).toBe('test');
        expect(paymentMode(loadConfig({ NODE_ENV: 'test' }))).toBe('test');
        expect(paymentMode(loadConfig({ NODE_ENV: 'production' }))).toBe('none');
        expect(paymentMode(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'yes' }))).toBe('none');
        expect(paymentMode(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }))).toBe('test');
        expect(paymentMode(loadConfig({ NODE_ENV: 'production', ...keys }))).toBe('razorpay');
    });

    it('without a provider, refuses online payment with a clear message and takes cash on delivery', async () => {
        const shop = await orderShop({ nodeEnv: 'production' });
        const online = await shop.asha('POST', '/api/orders', basket);
        expect(online.statusCode).toBe(409);
        expect(online.json().message).toBe(NO_ONLINE_PAYMENT);
        for (const [url, body] of [
            ['/api/create-paymentorder', { amount: 100 }],
            ['/api/create-paymentorderr', { amount: 100 }],
            ['/api/verify-payment', { order_id: 'order_test00000000000000', payment_id: 'pay_test00000000000000', signature: 'a'.repeat(64) }],
        ] as const) {
            const res = await shop.asha('POST', url, body);
            expect(res.statusCode, url).toBeLessThan(500);
            expect(res.statusCode, url).not.toBe(200);
        }
        const link = await shop.asha('POST', '/api/create-paymentorder', { amount: 100 });
        expect(link.json().message).toBe(NO_ONLINE_PAYMENT);
        expect(await shop.app.db.selectFrom('payments').select('id').execute()).toEqual([]);

        const cod = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        expect(cod.status).toBe('placed');
        // The test provider's checkout is not there at all, for anyone.
        for (const method of ['GET', 'POST'] as const) {
            const res = await shop.anonymous(method, '/api/test-checkout/order_test00000000000000', method === 'POST' ? { outcome: 'pay' } : undefined);
            expect(res.statusCode, method).toBe(404);
        }
    });

    it('with ALLOW_TEST_PAYMENTS=true, a production shop pays through the test provider', async () => {
        const shop = await orderShop({ nodeEnv: 'production', allowTestPayments: true });
        const order = await placed(shop.asha);
        const created = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = (await shop.anonymous('POST', `/api/test-checkout/${created.orderId}`, { outcome: 'pay' })).json();
        const verified = await shop.asha('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        expect(verified.statusCode, verified.body).toBe(200);
        expect((await shop.asha('GET', `/api/orderr/${order.id}`)).json().status).toBe('paid');
    });
});

/** Starts the real server with `env`, answers what it printed by the time it was ready, and stops it. */
async function startupOutput(env: Record<string, string>): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', APP_DIR: path.join(dataDir, 'none'), ...env },
    });
    let output = '';
    try {
        await new Promise<void>((resolve, reject) => {
            const read = (chunk: Buffer) => {
                output += chunk;
                if (output.includes('Back-office ready')) resolve();
            };
            child.stdout.on('data', read);
            child.stderr.on('data', read);
            child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
        });
    } finally {
        child.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return output;
}

describe('the start', () => {
    it('says loudly which payment provider is active', async () => {
        expect(await startupOutput({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '' })).toMatch(/\*\*\* PAYMENTS: No online payment provider.*cash on delivery works/);
        expect(await startupOutput({ NODE_ENV: 'development', ALLOW_TEST_PAYMENTS: '' })).toMatch(/\*\*\* PAYMENTS: .*TEST provider: no money moves/);
    }, 60_000);
});
