import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/seed/demo';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { openInApp, quiet, settled, signInThroughUi } from './support';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Every screen of the staff's journeys, signed in: the dashboard, each menu screen, and a record of each kind. */
const SCREENS = [
    '/',
    '/products',
    '/products/1',
    '/products/create',
    '/categories',
    '/categories/1',
    '/categories/create',
    '/subcategories',
    '/attribute',
    '/pagecategories',
    '/gst',
    '/pincode',
    '/banners',
    '/coupons',
    '/coupons/create',
    '/settings',
    '/pagecontent',
    '/videos',
    '/users',
    '/users/1/show',
    '/activity',
    '/orders',
    '/orders/1/show',
    '/customers',
    '/contacts',
    '/Profile',
    '/ContactUs',
];

const LOOKS = [
    [1366, 'light'],
    [1366, 'dark'],
    [390, 'light'],
    [390, 'dark'],
] as const;

interface Violation {
    id: string;
    impact: string;
    help: string;
    nodes: Array<{ target: string[]; failureSummary?: string }>;
}

// WCAG 2.5.3 (label in name): a control that reads words is named with them, so "click Make main" by voice finds it.
// Axe runs this rule only when asked (it is experimental there).
const NAME_RULES = ['label-content-name-mismatch'];
// Axe's landmark rules (moderate ones included), so a screen reader can jump between them: the skip link, the menu,
// the page and its footer each in a landmark.
const LANDMARK_RULES = ['region', 'landmark-one-main', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-main', 'landmark-unique', 'landmark-main-is-top-level', 'landmark-banner-is-top-level'];
/** What every screen is held to: axe's critical and serious findings, and these rules at any impact. */
const SCREEN_RULES = [...NAME_RULES, ...LANDMARK_RULES];

/**
 * axe-core's findings on what the page shows now, with the elements at fault: the critical and serious ones, and
 * any of `alsoRules` (enabled though experimental), in one analysis of the page.
 */
async function seriousViolations(page: Page, alsoRules: string[] = []): Promise<Violation[]> {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
    const { violations, ran } = await page.evaluate(async also => {
        type Result = { id: string };
        type Results = { violations: Violation[]; passes: Result[]; incomplete: Result[]; inapplicable: Result[] };
        const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Results> } }).axe;
        const rules = Object.fromEntries(also.map(rule => [rule, { enabled: true }]));
        const results = await axe.run(document, { resultTypes: ['violations'], rules });
        const ran = [results.violations, results.passes, results.incomplete, results.inapplicable].flat().map(r => r.id);
        return { violations: results.violations, ran };
    }, alsoRules);
    // An experimental rule axe skipped would pass silently.
    expect(alsoRules.filter(rule => !ran.includes(rule)), 'rules axe did not run').toEqual([]);
    return violations
        .filter(v => alsoRules.includes(v.id) || v.impact === 'critical' || v.impact === 'serious')
        .map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
}

const describeViolations = (where: string, violations: Violation[]) =>
    violations
        .map(v => `${where}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map(n => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n')}`)
        .join('\n');

/** Axe-core in Chromium on every screen of the staff's journeys, at both widths, light and dark. */
describe('every staff screen passes axe-core, in Chromium', () => {
    let h: Harness;
    let page: Page;
    beforeAll(async () => {
        h = await startHarness();
        await seedDemo(h.app);
        // The app's policy allows only its own scripts; axe is put in by the test, as an extension would.
        page = await (await h.browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 860 } })).newPage();
        page.setDefaultTimeout(15_000);
    }, 180_000);
    afterAll(async () => h?.close());

    it('has no critical or serious violation on the sign-in page, and keeps its content in landmarks', async () => {
        const found: string[] = [];
        for (const [width, theme] of LOOKS) {
            await page.goto(`${h.baseUrl}/login`);
            await page.evaluate(t => localStorage.setItem('RaStore.theme', JSON.stringify(t)), theme);
            await page.setViewportSize({ width, height: 860 });
            await page.reload();
            await page.getByLabel('E-mail').waitFor();
            await settled(page);
            const violations = await seriousViolations(page, LANDMARK_RULES);
            if (violations.length) found.push(describeViolations(`/login ${width} ${theme}`, violations));
        }
        expect(found.join('\n'), found.join('\n')).toBe('');
    });

    // Each screen is loaded once per look and analysed once, for all that a screen is held to: serious findings, a
    // control's name against its words, landmarks, and a level-one heading. A customer's page and a product with a
    // gallery are among them.
    it('has no critical or serious violation on any signed-in screen, names controls as they read, keeps content in landmarks, and has a level-one heading', async () => {
        await page.setViewportSize({ width: 1366, height: 860 });
        await page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('Welcome').first().waitFor();
        const customer = await h.app.db.selectFrom('orders').select('customerId').orderBy('id').executeTakeFirstOrThrow();
        const withGallery = await h.app.db.selectFrom('productImages').select('productId').orderBy('productId').executeTakeFirstOrThrow();
        const screens = [...SCREENS, `/customers/${customer.customerId}/show`, `/products/${withGallery.productId}`];
        const found: string[] = [];
        for (const [width, theme] of LOOKS) {
            await page.evaluate(t => localStorage.setItem('RaStore.theme', JSON.stringify(t)), theme);
            await page.setViewportSize({ width, height: 860 });
            for (const [i, screen] of screens.entries()) {
                // The first screen of a look is loaded afresh, in its theme; the rest are reached in the app, as staff
                // reach them.
                if (i === 0) await page.goto(`${h.baseUrl}${screen}`);
                else await openInApp(page, screen);
                try {
                    await settled(page);
                } catch {
                    found.push(`${screen} ${width} ${theme}: no level-one heading`);
                    continue;
                }
                const violations = await seriousViolations(page, SCREEN_RULES);
                if (violations.length) found.push(describeViolations(`${screen} ${width} ${theme}`, violations));
            }
            await shot(page, `a11y-${width}-${theme}-last`);
        }
        // The user menu reads the user's name on a wide screen, and is named so.
        await page.setViewportSize({ width: 1366, height: 860 });
        await page.goto(`${h.baseUrl}/`);
        await settled(page);
        await page.getByRole('button', { name: 'Shop Administrator' }).waitFor();
        expect(found.join('\n'), found.join('\n')).toBe('');
    }, 900_000);

    it('has no critical or serious violation with a dialog or menu open: confirmations, the palette, filters and columns', async () => {
        // Signed in, whether or not the tests above ran. The dashboard, not /login: a signed-in visitor's /login draws
        // its form for a moment before it moves on, and a fill there would find the field gone.
        await page.setViewportSize({ width: 1366, height: 860 });
        await page.goto(`${h.baseUrl}/`);
        const email = page.getByLabel('E-mail');
        await email.or(page.getByText('Welcome').first()).first().waitFor();
        if (await email.isVisible()) {
            await signInThroughUi(h, page, ADMIN);
            await page.getByText('Welcome').first().waitFor();
        }
        const found: string[] = [];
        const check = async (where: string) => {
            await quiet(page);
            const violations = await seriousViolations(page);
            if (violations.length) found.push(describeViolations(where, violations));
        };
        const open = async () => (await page.getByRole('dialog').count()) + (await page.getByRole('menu').count());
        // What the screen shows before anything is opened (a menu kept mounted counts too), to close back to.
        let shown = 0;
        const opening = async () => {
            shown = await open();
        };
        // Says no: "Cancel", or "Go back" where the action itself is a cancellation ("Cancel the order").
        const sayNo = async () => {
            const dialog = page.getByRole('dialog');
            const goBack = dialog.getByRole('button', { name: 'Go back' });
            await ((await goBack.count()) ? goBack : dialog.getByRole('button', { name: 'Cancel' }).first()).click();
            await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        };
        // Escape, again if need be (the palette's first one may only close its list of hits).
        const closeAll = async () => {
            for (let i = 0; i < 3 && (await open()) > shown; i++) {
                await page.keyboard.press('Escape');
                await quiet(page);
            }
            await expect.poll(open, { timeout: 10_000 }).toBeLessThanOrEqual(shown);
        };
        for (const [width, theme] of LOOKS) {
            await page.evaluate(t => localStorage.setItem('RaStore.theme', JSON.stringify(t)), theme);
            await page.setViewportSize({ width, height: 860 });
            const at = `${width} ${theme}`;

            await page.goto(`${h.baseUrl}/`);
            await settled(page);
            await opening();
            if (width > 600) await page.keyboard.press('Control+k');
            else await page.getByRole('button', { name: /^Search the shop/ }).click();
            await page.getByRole('combobox').pressSequentially('paneer', { delay: 30 });
            await page.getByRole('listbox').getByRole('option').first().waitFor();
            await check(`palette ${at}`);
            await closeAll();

            // A row's Delete and the column chooser: a phone's lists are simple lists, without either.
            if (width > 600) {
                await page.goto(`${h.baseUrl}/products`);
                await settled(page);
                await page.getByRole('row').nth(1).getByRole('button', { name: 'Delete', exact: true }).click();
                await page.getByRole('dialog').waitFor();
                await check(`delete confirmation ${at}`);
                await sayNo();

                await opening();
                await page.getByRole('button', { name: 'Columns' }).click();
                await page.getByRole('menu').or(page.getByRole('presentation').locator('.MuiPopover-paper')).first().waitFor();
                await check(`column chooser ${at}`);
                await closeAll();
            }

            await page.goto(`${h.baseUrl}/orders`);
            await settled(page);
            await opening();
            await page.getByRole('button', { name: 'Add filter' }).click();
            await page.getByRole('menu').waitFor();
            await check(`filter menu ${at}`);
            await closeAll();

            await page.goto(`${h.baseUrl}/orders/1/show`);
            await settled(page);
            const cancel = page.getByRole('button', { name: /^Mark Cancelled$/ });
            if (await cancel.count()) {
                await cancel.click();
                await page.getByRole('dialog').waitFor();
                await check(`order cancel confirmation ${at}`);
                await sayNo();
            }
        }
        expect(found.join('\n'), found.join('\n')).toBe('');
    }, 900_000);
});
