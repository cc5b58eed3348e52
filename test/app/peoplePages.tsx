import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

import { i18nProvider } from '../../src/i18n';

/** Shows where the page sent the visitor. */
const Where = () => <div data-testid="location">{useLocation().pathname}</div>;

const signedIn = (roleId: number): AuthProvider => ({
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getIdentity: async () => ({ id: 1, fullName: 'Asha', roleId }),
});

/** One of the people pages at `path` (route `route`), inside react-admin's contexts, with the notifications shown. */
export const renderPage = (page: ReactElement, { path, route = path.split('?')[0], roleId = 1 }: { path: string; route?: string; roleId?: number }) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext i18nProvider={i18nProvider} authProvider={signedIn(roleId)}>
                <Routes>
                    <Route path={route} element={page} />
                    <Route path="*" element={<div>Elsewhere</div>} />
                </Routes>
                <Where />
                <Notification />
            </AdminContext>
        </TestMemoryRouter>
    );

export interface Answer {
    status?: number;
    json?: unknown;
}

/**
 * The browser's fetch, answering per "METHOD /path" (jsdom has no server). A handler may throw to play a
 * network failure. Every call is recorded with its parsed JSON body.
 */
export const serveApi = (routes: Record<string, Answer | ((body: unknown) => Answer)>) => {
    const calls: Array<{ method: string; url: string; body: unknown; headers: Headers }> = [];
    const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? 'GET';
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        calls.push({ method, url, body, headers: new Headers(init.headers) });
        const route = routes[`${method} ${url.split('?')[0]}`];
        if (!route) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
        const { status = 200, json = { success: true } } = typeof route === 'function' ? route(body) : route;
        return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return calls;
};
