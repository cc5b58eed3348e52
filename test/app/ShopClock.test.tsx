import { act, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { setShopTimeZone, shopDateTimeWithZone, shopTimeZone } from '../../src/common/shopTime';
import { dataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { Layout } from '../../src/layout/Layout';
import { makeApp, signIn } from '../server/helpers';
import { serveWith } from './realApi';

// A change of the shop's zone reaches the screen on the page staff are on, not one visit later.

const moment = '2026-11-26T20:00:00.000Z';

/** A part of the page that draws only when it must, as a list's rows do for data that did not change. */
const Stamp = memo(() => <p>{shopDateTimeWithZone(moment)}</p>);

afterEach(() => {
    act(() => setShopTimeZone(undefined));
    localStorage.clear();
});

describe("the shop's clock on the screen", () => {
    it('draws the page again on the new clock when the zone changes', async () => {
        render(
            <TestMemoryRouter>
                <AdminContext i18nProvider={i18nProvider}>
                    <Layout>
                        <Stamp />
                    </Layout>
                </AdminContext>
            </TestMemoryRouter>,
        );
        expect(await screen.findByText(/1:30\sam IST$/, {}, { timeout: 20_000 })).toBeInTheDocument();
        act(() => setShopTimeZone('Asia/Dubai'));
        expect(await screen.findByText(/12:00\sam (GST|GMT\+4)$/)).toBeInTheDocument();
    }, 30_000);

    it('takes the zone a settings save puts in force at once, from the real API', async () => {
        const t = await makeApp();
        const { authorization } = await signIn(t);
        localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
        const calls = serveWith(t);

        const { data } = await dataProvider.create('settings', { data: { website: 'https://shop.example.in', timeZone: 'Asia/Dubai' } });
        expect(shopTimeZone()).toBe('Asia/Dubai');
        await dataProvider.update('settings', { id: data.id, data: { ...data, timeZone: 'Europe/London' }, previousData: data });
        expect(shopTimeZone()).toBe('Europe/London');
        // Switched off, these settings are no longer in force: the shop's clock is India's again.
        await dataProvider.toggleStatus('settings', { id: data.id, status: 0 });
        expect(shopTimeZone()).toBe('Asia/Kolkata');
        expect(calls.filter((call) => call === 'GET /api/me')).toHaveLength(3);
    });
});
