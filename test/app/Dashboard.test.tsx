import { createTheme } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { Dashboard } from '../../src/dashboard/Dashboard';
import type { DashboardStats, SetupChecklist } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { orderDataProvider } from './orderFixtures';

const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, orders: i % 4, revenue: (i % 4) * 512.25 }));
const stats: DashboardStats = { today: '2026-11-22', todayOrders: 7, todayRevenue: 12345.5, toPack: 3, newCustomers: 2, newCustomersSince: '2026-11-16', lowStock: 4, lowStockAt: 6, days };

const renderDashboard = (dashboardStats: () => Promise<{ data: DashboardStats }>, setup?: SetupChecklist) =>
    render(
        <TestMemoryRouter>
            <AdminContext
                dataProvider={orderDataProvider([], { dashboardStats: vi.fn(dashboardStats), setupChecklist: vi.fn(async () => ({ data: setup ?? { missing: [], pincodesWithoutState: [], pincodesWithoutStateCount: 0 } })) })}
                i18nProvider={i18nProvider}
            >
                <Dashboard />
            </AdminContext>
        </TestMemoryRouter>
    );

describe('Dashboard', () => {
    it("shows today's orders and revenue, orders to pack and new customers, each opening its filtered list, beside the countdown", async () => {
        renderDashboard(async () => ({ data: stats }));

        // Each card is named by what it reads (title, figure, hint), as voice control needs.
        const card = async (name: RegExp) => screen.findByRole('link', { name }, { timeout: 5000 });
        const today = encodeURIComponent(JSON.stringify({ createdFrom: '2026-11-22', createdTo: '2026-11-22' }));
        expect(await card(/^Today's orders\s*7\b/)).toHaveAttribute('href', `/orders?filter=${today}`);
        expect(await card(/^Today's revenue\s*₹12,345\.50/)).toHaveAttribute('href', `/orders?filter=${today}`);
        expect(await card(/^Waiting to be packed\s*3\b/)).toHaveAttribute('href', `/orders?filter=${encodeURIComponent('{"toPack":1}')}`);
        expect((await card(/^New customers\s*2\b/)).getAttribute('href')).toMatch(/^\/users\?/);
        expect(await card(/^Low on stock\s*4\b/)).toHaveAttribute('href', `/products?filter=${encodeURIComponent('{"stock_lte":6}')}&sort=stock&order=ASC`);
        expect(screen.getByText('products at or below 6')).toBeInTheDocument();
        expect(screen.getByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
        expect(screen.getByText('Coming Soon')).toBeInTheDocument();
        // The plot is a chunk of its own, fetched once the card is on screen.
        const chart = screen.getByText('Last 30 days').closest('.MuiCard-root') as HTMLElement;
        expect(await within(chart).findByText('Revenue (₹)', undefined, { timeout: 5000 })).toBeInTheDocument();
        // The legend's marks take the theme's colours: primary for revenue, warning for orders
        // (this render's theme is MUI's default), not the charts library's own palette.
        const { palette } = createTheme();
        const [bars, line] = [...chart.querySelectorAll('.MuiChartsLegend-mark .MuiChartsLabelMark-fill')];
        expect(bars.getAttribute('fill')).toBe(palette.primary.main);
        expect(line.getAttribute('stroke')).toBe(palette.warning.main);
    });

    it('keeps the countdown and says so when the figures cannot be loaded', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        renderDashboard(async () => Promise.reject(new Error('offline')));
        expect(await screen.findByText('The business figures could not be loaded.', undefined, { timeout: 5000 })).toBeInTheDocument();
        expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    });

    it('lists what the shop must still set for GST documents, each item opening its screen', async () => {
        renderDashboard(async () => ({ data: stats }), { missing: ['legalName', 'gstin'], pincodesWithoutState: ['781001', '795001'], pincodesWithoutStateCount: 2 });
        const checklist = await screen.findByRole('region', { name: 'Before you sell: set up GST' }, { timeout: 5000 });
        expect(within(checklist).getByRole('link', { name: "Your business's legal name (Settings)" })).toHaveAttribute('href', '/settings');
        expect(within(checklist).getByRole('link', { name: 'Your GSTIN, or "not registered under GST" (Settings)' })).toHaveAttribute('href', '/settings');
        expect(within(checklist).queryByText(/address/)).toBeNull();
        expect(within(checklist).getByRole('link', { name: '2 pincodes have no state, so they take no orders: 781001, 795001' })).toHaveAttribute('href', '/pincode');
    });

    it('shows no checklist once the shop is set up', async () => {
        renderDashboard(async () => ({ data: stats }));
        await screen.findByRole('link', { name: /^Today's orders\s*7\b/ }, { timeout: 5000 });
        expect(screen.queryByRole('region', { name: 'Before you sell: set up GST' })).toBeNull();
    });
});
