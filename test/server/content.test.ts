// Not run again on PostgreSQL: plain CRUD one request at a time; the settings' race runs there in settings.
import { describe, expect, it } from 'vitest';
import { shopToday } from '../../schema/dates';
import { ROLE } from '../../schema/access';
import { adminApp, uploads } from './catalogue';
import { form, PNG, signIn } from './helpers';

const day = (offset: number) => {
    const date = new Date(`${shopToday()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
};

const coupon = (fields: Record<string, string> = {}) => ({
    heading: 'Diwali dhamaka',
    couponCode: 'diwali10',
    discountType: 'percentage',
    discountValue: '10',
    minimumAmount: '499',
    startDate: day(-1),
    expiryDate: day(10),
    ...fields,
});

describe('banners', () => {
    it('are created, read, listed, toggled and deleted on the legacy paths', async () => {
        const { call, config } = await adminApp();
        const created = await call('POST', '/api/Baanner', form({ name: 'Monsoon sale', description: 'Up to 40% off on fresh fruit', image: PNG }));
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({ success: true, message: 'Banner added successfully', data: { name: 'Monsoon sale', status: 1 } });
        const { id, image } = created.json().data;
        expect(image).toMatch(/^\/uploads\//);

        expect((await call('GET', `/api/Baanner/${id}`)).json()).toMatchObject({ id, description: 'Up to 40% off on fresh fruit' });
        const list = await call('GET', '/api/Baanner');
        expect(list.json()).toEqual([expect.objectContaining({ id })]);
        expect(list.headers['x-total-count']).toBe('1');

        const toggled = await call('POST', `/api/baanners/${id}/toggle-status`, { status: 0 });
        expect(toggled.json()).toMatchObject({ message: 'Banner status toggled successfully', data: { status: 0 } });

        expect((await call('DELETE', `/api/Baanner/${id}`)).json()).toMatchObject({ success: true, data: { id } });
        expect(uploads(config.dataDir)).not.toContain(image.replace('/uploads/', ''));
    });

    it('need a name and a description, and keep the description as plain text', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/Baanner', form({ name: ' ' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ name: 'Please enter the banner name', description: 'Please enter the banner description' });
        const plain = await call('POST', '/api/Baanner', { name: 'Tags', description: '<b>Bold</b> claims' });
        expect(plain.json().data.description).toBe('<b>Bold</b> claims');
    });
});

describe('page categories', () => {
    it('answer {success, data}, and one call creates or updates', async () => {
        const { call } = await adminApp();
        const created = await call('POST', '/api/add-Pagecategory', { name: 'Policies', description: 'Rules of the shop' });
        expect(created.statusCode).toBe(201);
        const { id } = created.json().data;
        const updated = await call('POST', '/api/add-Pagecategory', { id, name: 'Shop policies' });
        expect(updated.statusCode).toBe(200);
        expect(updated.json()).toMatchObject({ message: 'Page category updated successfully', data: { id, name: 'Shop policies', description: 'Rules of the shop' } });
        const list = await call('GET', '/api/get-Pagecategory');
        expect(list.json()).toEqual({ success: true, data: [expect.objectContaining({ id, name: 'Shop policies' })] });
        expect((await call('POST', '/api/add-Pagecategory', { description: 'no name' })).json().errors).toEqual({
            name: 'Please enter the page category name',
        });
        expect((await call('POST', '/api/add-Pagecategory', { id: 999, name: 'Ghost' })).statusCode).toBe(404);
    });

    it('are deleted with the id in the body, but not while pages use them', async () => {
        const { call } = await adminApp();
        const { id } = (await call('POST', '/api/add-Pagecategory', { name: 'Help' })).json().data;
        const page = await call('POST', '/api/add-pagecontent', form({ title: 'FAQ', pageCategoryId: String(id), image: PNG }));
        expect(page.statusCode).toBe(201);

        const refused = await call('DELETE', '/api/delete-Pagecategory', { id });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('This page category is used by 1 page; change it first.');

        await call('DELETE', `/api/get-pagecontent/${page.json().data.id}`);
        const removed = await call('DELETE', '/api/delete-Pagecategory', { id });
        expect(removed.json()).toEqual({ success: true, message: 'Page category deleted successfully', data: { id } });
    });
});

describe('page content', () => {
    it('needs an image on create only, keeps it on update, and refuses an existingImage that is not its own', async () => {
        const { call } = await adminApp();
        const { id: categoryId } = (await call('POST', '/api/add-Pagecategory', { name: 'About' })).json().data;
        const missing = await call('POST', '/api/add-pagecontent', form({ title: 'About us', pageCategoryId: String(categoryId) }));
        expect(missing.json().errors).toEqual({ image: 'Please choose an image' });

        const created = await call('POST', '/api/add-pagecontent', form({ title: 'About us', pageCategoryId: String(categoryId), image: PNG }));
        const { id, image } = created.json().data;
        expect(created.json().data).toMatchObject({ pageCategoryName: 'About', status: 1 });

        const kept = await call('POST', `/api/update-pagecontent/${id}`, form({ title: 'About the shop', existingImage: image }));
        expect(kept.json().data).toMatchObject({ title: 'About the shop', image });
        const stranger = await call('POST', `/api/update-pagecontent/${id}`, form({ existingImage: '/uploads/someone-else.png' }));
        expect(stranger.statusCode).toBe(400);
        expect(stranger.json().errors.existingImage).toBe('This is not the current image of this page');

        const toggled = await call('POST', `/api/page-content/page-category/${id}`, { status: 0 });
        expect(toggled.json().data.status).toBe(0);
        expect((await call('GET', '/api/get-pagecontent')).json()).toEqual({ success: true, data: [expect.objectContaining({ id, status: 0 })] });
    });

    it('stores rich text without scripts, event handlers or javascript: links', async () => {
        const { call } = await adminApp();
        const { id: categoryId } = (await call('POST', '/api/add-Pagecategory', { name: 'About' })).json().data;
        const html = '<h2>Fresh</h2><p onclick="steal()">Daily <strong>at 7</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://shop.in">shop</a></p><img src=x onerror=alert(1)>';
        const res = await call('POST', '/api/add-pagecontent', form({ title: 'About', pageCategoryId: String(categoryId), description: html, image: PNG }));
        const stored: string = res.json().data.description;
        expect(stored).toContain('<h2>Fresh</h2>');
        expect(stored).toContain('<strong>at 7</strong>');
        expect(stored).toContain('href="https://shop.in"');
        expect(stored).not.toMatch(/script|onclick|onerror|javascript:/i);
    });

    it('keeps pictures from web addresses and the shop’s own uploads, and drops any other source', async () => {
        const { call } = await adminApp();
        const { id: categoryId } = (await call('POST', '/api/add-Pagecategory', { name: 'Pictures' })).json().data;
        const kept = ['<img src="https://cdn.shop.in/a.png" alt="A">', '<img src="/uploads/b.png" alt="B">'];
        const dropped = ['x', '//evil.test/c.png', '/uploads/../secret', '../uploads/d.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'file:///etc/passwd'];
        const html = `<p>Our shop</p>${kept.join('')}${dropped.map((src) => `<img src="${src}" alt="gone">`).join('')}<img alt="no source">`;
        const res = await call('POST', '/api/add-pagecontent', form({ title: 'Pictures', pageCategoryId: String(categoryId), description: html, image: PNG }));
        expect(res.json().data.description).toBe('<p>Our shop</p><img src="https://cdn.shop.in/a.png" alt="A" /><img src="/uploads/b.png" alt="B" />');
    });
});

describe('the older page manager', () => {
    it('files a page under an existing page category by name, and records who made it', async () => {
        const { app, call } = await adminApp();
        await call('POST', '/api/add-Pagecategory', { name: 'Policies' });
        const unknown = await call('POST', '/api/managepage', form({ selectCategory: 'Nowhere', pageName: 'Privacy', image: PNG }));
        expect(unknown.json().errors).toEqual({ selectCategory: 'Please choose a page category' });

        const res = await call('POST', '/api/managepage', form({ selectCategory: 'Policies', pageName: 'Privacy', createsid: '2', image: PNG }));
        expect(res.statusCode).toBe(201);
        const admin = await app.db.selectFrom('users').select('id').where('email', '=', 'admin@shop.test').executeTakeFirstOrThrow();
        expect(res.json().data).toMatchObject({ selectCategory: 'Policies', pageName: 'Privacy', createdBy: admin.id });
        expect((await call('GET', '/api/managepage')).json()).toHaveLength(1);
    });
});

describe('coupons', () => {
    it('store the code in capitals and refuse it again in any case', async () => {
        const { call } = await adminApp();
        const created = await call('POST', '/api/createCoupon', form(coupon()));
        expect(created.statusCode).toBe(201);
        expect(created.json().data).toMatchObject({ couponCode: 'DIWALI10', discountValue: 10, minimumAmount: 499, state: 'active' });
        const again = await call('POST', '/api/createCoupon', form(coupon({ couponCode: ' Diwali10 ' })));
        expect(again.statusCode).toBe(409);
        expect(again.json().errors).toEqual({ couponCode: 'This coupon code already exists' });
    });

    it('keep percentages above 0 and at most 100, amounts exact, and dates in order', async () => {
        const { call } = await adminApp();
        const refusal = async (fields: Record<string, string>) => (await call('POST', '/api/createCoupon', form(coupon(fields)))).json().errors;
        expect(await refusal({ discountValue: '120' })).toEqual({ discountValue: 'A percentage discount is above 0 and at most 100' });
        expect(await refusal({ discountValue: '0' })).toEqual({ discountValue: 'A percentage discount is above 0 and at most 100' });
        expect(await refusal({ discountType: 'fixed', discountValue: '50.505' })).toEqual({ discountValue: 'Discount can have at most 2 decimal places' });
        expect(await refusal({ minimumAmount: '-1' })).toEqual({ minimumAmount: 'Minimum amount cannot be negative' });
        expect(await refusal({ expiryDate: day(-5) })).toEqual({ expiryDate: 'The expiry date cannot be before the start date' });
        expect(await refusal({ discountType: 'bogo' })).toEqual({ discountType: 'Please choose percentage or fixed' });

        const fixed = await call('POST', '/api/createCoupon', form(coupon({ couponCode: 'FLAT50', discountType: 'fixed', discountValue: '50.50' })));
        expect(fixed.json().data).toMatchObject({ discountType: 'fixed', discountValue: 50.5 });
        // A later change of one date is checked against the other, stored one.
        const { id } = fixed.json().data;
        expect((await call('POST', `/api/coupons/${id}`, form({ startDate: day(30) }))).json().errors).toEqual({
            expiryDate: 'The expiry date cannot be before the start date',
        });
    });

    it('answer their state from their dates and filter on it', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/createCoupon', form(coupon({ couponCode: 'SOON', startDate: day(3), expiryDate: day(9) })));
        await call('POST', '/api/createCoupon', form(coupon({ couponCode: 'NOW' })));
        await call('POST', '/api/createCoupon', form(coupon({ couponCode: 'GONE', startDate: day(-9), expiryDate: day(-2) })));
        const codes = async (state: string) => (await call('GET', `/api/coupons?state=${state}`)).json().map((c: { couponCode: string }) => c.couponCode);
        expect(await codes('scheduled')).toEqual(['SOON']);
        expect(await codes('active')).toEqual(['NOW']);
        expect(await codes('expired')).toEqual(['GONE']);
        expect((await call('GET', '/api/coupons?state=later')).statusCode).toBe(400);
        const stock = await call('GET', `/api/coupons?filter=${encodeURIComponent('{"state":"expired"}')}&range=[0,9]`);
        expect(stock.json().map((c: { state: string }) => c.state)).toEqual(['expired']);
        expect(stock.headers['content-range']).toBe('items 0-0/1');
    });

    it('are deleted by administrators only', async () => {
        const t = await adminApp();
        const { id } = (await t.call('POST', '/api/createCoupon', form(coupon()))).json().data;
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/coupons/${id}`, headers: seller })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'POST', url: '/api/createCoupon', headers: seller, payload: coupon() })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: '/api/coupons', headers: seller })).statusCode).toBe(200);
        expect((await t.call('DELETE', `/api/coupons/${id}`)).json().message).toBe('Coupon deleted successfully');
    });
});

describe('the demo shop', () => {
    it('has banners, page categories and pages, three coupons in each state and one active settings row', async () => {
        const { app, call } = await adminApp();
        const { seedDemoContent } = await import('../../server/seed/demoContent');
        await seedDemoContent(app);
        await seedDemoContent(app); // a second start adds nothing
        expect((await call('GET', '/api/Baanner')).json()).toHaveLength(3);
        expect((await call('GET', '/api/get-Pagecategory')).json().data.map((c: { name: string }) => c.name)).toEqual(['About', 'Policies', 'Help']);
        expect((await call('GET', '/api/get-pagecontent')).json().data.map((p: { title: string }) => p.title)).toEqual(['About us', 'Privacy', 'Shipping', 'Returns']);
        expect((await call('GET', '/api/coupons?sort=couponCode')).json().map((c: { couponCode: string; state: string }) => [c.couponCode, c.state])).toEqual([
            ['FESTIVE20', 'scheduled'],
            ['MONSOON15', 'expired'],
            ['WELCOME50', 'active'],
        ]);
        expect((await call('GET', '/api/settings?status=1')).headers['x-total-count']).toBe('1');
    });
});
