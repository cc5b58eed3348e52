// Not run again on PostgreSQL: one picture at a time; upload races run there in upload-orphans and s3-storage.
import { describe, expect, it } from 'vitest';
import { makeApp, PNG, signIn, type TestApp } from './helpers';
import { customer, mailsTo, member, register, signInAgain } from './people';
import { ROLE } from '../../schema/access';
import { verifyPassword } from '../../server/infra/secrets';

const get = (t: TestApp, id: string | number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/profile/${id}`, headers });
const save = (t: TestApp, id: string | number, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/profile/${id}`, headers, payload });
const changePassword = (t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/profile/me/password', headers, payload });

const details = {
    fullName: 'Asha Rao',
    jobTitle: 'Store manager',
    company: 'Freshcart',
    country: 'India',
    address: '4 Park Street, Kolkata',
    phone: '+919876543210',
    about: 'Runs the store.',
    twitter: 'https://twitter.com/asha',
    facebook: '',
    instagram: 'https://instagram.com/asha',
    linkedin: 'https://www.linkedin.com/in/asha',
    securityAlerts: false,
    contactAlerts: true,
};

describe('profile', () => {
    it('reads the own profile by id or as me, without secrets', async () => {
        const t = await makeApp();
        const asha = await member(t, 'asha@shop.test', ROLE.admin, 'Asha');
        const me = await get(t, 'me', asha.headers);
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ id: asha.id, fullName: 'Asha', email: 'asha@shop.test', role: 'Admin', hasPassword: false, securityAlerts: true, contactAlerts: false, jobTitle: null });
        expect((await get(t, asha.id, asha.headers)).json()).toEqual(me.json());
        expect(me.body).not.toMatch(/scrypt|hash|token/i);
    });

    it('reads the signed-in user\'s profile for the legacy screen\'s literal `:id`, as it is sent or URL-encoded', async () => {
        const t = await makeApp();
        const admin = await member(t, 'admin@shop.test', ROLE.admin, 'Admin');
        const seller = await member(t, 'seller@shop.test', ROLE.seller, 'Seller');
        for (const who of [admin, seller]) {
            const me = (await get(t, 'me', who.headers)).json();
            for (const placeholder of [':id', '%3Aid', '%3aid']) {
                const res = await get(t, placeholder, who.headers);
                expect(res.statusCode, `${placeholder}: ${res.body}`).toBe(200);
                expect(res.json()).toEqual(me);
            }
        }
        expect((await get(t, ':id', {})).statusCode).toBe(401);
        expect((await get(t, ':ids', admin.headers)).statusCode).toBe(400);
    });

    it('saves every field of the profile and reads them back', async () => {
        const t = await makeApp();
        const asha = await member(t, 'asha@shop.test', ROLE.seller, 'Asha');
        const res = await save(t, 'me', asha.headers, { ...details, email: 'ASHA@shop.test' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: 'Profile updated successfully' });
        const saved = (await get(t, 'me', asha.headers)).json();
        expect(saved).toMatchObject({ ...details, facebook: null, email: 'asha@shop.test' });
        // The name and phone are the user's own: the user list shows them too.
        const user = await t.app.db.selectFrom('users').select(['name', 'contactNo', 'address']).where('id', '=', asha.id).executeTakeFirstOrThrow();
        expect(user).toEqual({ name: 'Asha Rao', contactNo: '+919876543210', address: '4 Park Street, Kolkata' });

        // A partial save keeps the rest.
        await save(t, 'me', asha.headers, { company: 'Freshcart Labs' });
        expect((await get(t, 'me', asha.headers)).json()).toMatchObject({ company: 'Freshcart Labs', jobTitle: 'Store manager' });
    });

    it('refuses bad fields with their messages', async () => {
        const t = await makeApp();
        const asha = await member(t, 'asha@shop.test', ROLE.seller);
        const cases: Array<[Record<string, unknown>, string, string]> = [
            [{ fullName: '  ' }, 'fullName', 'Please enter your full name'],
            [{ phone: '12345' }, 'phone', 'Please enter a valid phone number (10-15 digits).'],
            [{ twitter: 'twitter.com/asha' }, 'twitter', 'Please enter your Twitter link as a full address starting with https://'],
            [{ linkedin: 'javascript:alert(1)' }, 'linkedin', 'Please enter your LinkedIn link as a full address starting with https://'],
            [{ about: 'x'.repeat(2001) }, 'about', 'About can be at most 2000 characters long'],
            [{ email: 'someone@else.test' }, 'email', 'Your e-mail address is how you sign in, so it cannot be changed here.'],
            [{ profileImage: '/uploads/somebody-elses.png' }, 'profileImage', 'Please upload the picture with Change picture.'],
        ];
        for (const [body, field, message] of cases) {
            const res = await save(t, 'me', asha.headers, body);
            expect(res.statusCode, field).toBe(400);
            expect(res.json().errors[field]).toBe(message);
        }
    });

    it('lets a user read and change only their own profile; an administrator reads anyone', async () => {
        const t = await makeApp();
        const admin = await member(t, 'admin@shop.test', ROLE.admin, 'Admin');
        const seller = await member(t, 'seller@shop.test', ROLE.seller, 'Seller');
        const other = await member(t, 'other@shop.test', ROLE.customer, 'Other');

        expect((await get(t, other.id, seller.headers)).json()).toMatchObject({ success: false, message: 'You can only see your own profile' });
        expect((await get(t, other.id, seller.headers)).statusCode).toBe(403);
        expect((await get(t, seller.id, admin.headers)).json()).toMatchObject({ fullName: 'Seller' });
        const write = await save(t, seller.id, admin.headers, { fullName: 'Hacked' });
        expect(write.statusCode).toBe(403);
        expect(write.json().message).toBe('You can only change your own profile');
        expect((await t.app.inject({ method: 'POST', url: `/api/profile/${seller.id}/password`, headers: admin.headers, payload: { newPassword: 'takeover1' } })).statusCode).toBe(403);
        expect((await get(t, 'me', {})).statusCode).toBe(401);
        expect((await get(t, 'someone', admin.headers)).statusCode).toBe(400);
        expect((await get(t, '424242', admin.headers)).statusCode).toBe(404);
    });

    it('takes a picture as the raw image body, and removes it on request', async () => {
        const t = await makeApp();
        const asha = await member(t, 'asha@shop.test', ROLE.seller);
        const upload = (body: Buffer, type: string) =>
            t.app.inject({ method: 'POST', url: '/api/profile/me/picture', headers: { ...asha.headers, 'content-type': type }, payload: body });
        const res = await upload(PNG, 'image/png');
        expect(res.statusCode).toBe(200);
        const picture = res.json().data.profileImage as string;
        expect(picture).toMatch(/^\/uploads\/[\w-]+\.png$/);
        expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);

        expect((await upload(Buffer.from('not an image at all'), 'image/png')).statusCode).toBe(415);
        expect((await upload(Buffer.alloc(6 * 1024 * 1024), 'image/png')).statusCode).toBe(413);
        const empty = await upload(Buffer.alloc(0), 'image/png');
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toBe('Please choose a picture to upload.');

        const removed = await save(t, 'me', asha.headers, { profileImage: '' });
        expect(removed.json().data.profileImage).toBeNull();
        expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
    });
});

describe('change password', () => {
    it('asks for the current password, then ends the other sessions but keeps this one', async () => {
        const t = await makeApp();
        await register(t.app);
        const headers = await signIn(t, customer.email);
        const other = await signInAgain(t, customer.email);

        const wrong = await changePassword(t, headers, { currentPassword: 'not-it', newPassword: 'new-secret' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().errors).toEqual({ currentPassword: 'Your current password is not correct.' });
        expect((await changePassword(t, headers, { newPassword: 'new-secret' })).statusCode).toBe(400);
        expect((await changePassword(t, headers, { currentPassword: customer.password, newPassword: '123' })).json().message).toBe(
            'Password must be at least 6 characters long!',
        );

        const ok = await changePassword(t, headers, { currentPassword: customer.password, newPassword: 'new-secret' });
        expect(ok.json()).toEqual({ success: true, message: 'Password changed successfully' });
        const hash = (await t.app.db.selectFrom('users').select('passwordHash').where('email', '=', customer.email).executeTakeFirstOrThrow()).passwordHash!;
        expect(await verifyPassword('new-secret', hash)).toBe(true);
        expect((await get(t, 'me', headers)).statusCode).toBe(200);
        expect((await get(t, 'me', other)).statusCode).toBe(401);
        expect((await mailsTo(t.app, t.config, customer.email)).at(-1)!.subject).toBe('Your password was changed');
    });

    it('lets an account made by the sign-in code set a first password, and respects the alert setting', async () => {
        const t = await makeApp();
        const asha = await member(t, 'asha@shop.test', ROLE.admin);
        await save(t, 'me', asha.headers, { securityAlerts: false });
        const res = await changePassword(t, asha.headers, { newPassword: 'first-pass' });
        expect(res.statusCode).toBe(200);
        expect((await get(t, 'me', asha.headers)).json().hasPassword).toBe(true);
        expect((await mailsTo(t.app, t.config, 'asha@shop.test')).map((m) => m.subject)).not.toContain('Your password was changed');
        // From now on the current one is asked for.
        expect((await changePassword(t, asha.headers, { newPassword: 'second-pass' })).statusCode).toBe(400);
    });
});
