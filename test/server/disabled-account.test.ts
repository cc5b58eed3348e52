// Not run again on PostgreSQL: a refused sign-in, one at a time; sign-in runs there in auth.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { createUser, lastCode, makeApp } from './helpers';

describe('a disabled account', () => {
    it('gets no sign-in code, the same answer as anyone, and no session from a code sent before', async () => {
        const t = await makeApp();
        const { id } = await createUser(t.app, 'asha@shop.test', ROLE.seller);
        const sent = await t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'asha@shop.test' } });
        expect(sent.statusCode).toBe(200);
        const code = await lastCode(t.config, 'asha@shop.test');

        await t.app.db.updateTable('users').set({ status: 0 }).where('id', '=', id).execute();
        const verified = await t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email: 'asha@shop.test', otp: code } });
        expect(verified.statusCode).toBe(403);
        expect(verified.json().token).toBeUndefined();

        const outbox = path.join(t.config.dataDir, 'outbox');
        const before = fs.readdirSync(outbox).length;
        const again = await t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'asha@shop.test' } });
        expect(again.json()).toEqual(sent.json());
        await t.app.mailer.flush?.();
        expect(fs.readdirSync(outbox).length).toBe(before);
    });
});
