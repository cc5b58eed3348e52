import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { lazyView } from '../../src/common/lazyView';
import { i18nProvider } from '../../src/i18n';

const Shelf = ({ label }: { label: string }) => <p>{label}</p>;

/** `view` under a Suspense whose fallback says so, as the app's views are. */
const show = (View: (props: { label: string }) => React.ReactElement) =>
    render(
        <AdminContext i18nProvider={i18nProvider}>
            <Suspense fallback={<p>Loading the view</p>}>
                <View label="Rice and flour" />
            </Suspense>
        </AdminContext>
    );

describe('lazyView (a view fetched on demand)', () => {
    it('draws a view fetched ahead (preload) at once, in the same render, without its fallback', async () => {
        const load = vi.fn(async () => Shelf);
        const View = lazyView(load);
        await View.preload();
        show(View);
        // No await: React's own lazy would show the fallback here and the view a tick later.
        expect(screen.getByText('Rice and flour')).toBeTruthy();
        expect(screen.queryByText('Loading the view')).toBeNull();
        expect(load).toHaveBeenCalledTimes(1);
    });

    it('shows the fallback while a view is fetched, then the view; an early fetch still under way is not asked for again', async () => {
        let deliver!: (view: typeof Shelf) => void;
        const load = vi.fn(() => new Promise<typeof Shelf>(resolve => (deliver = resolve)));
        const View = lazyView(load);
        const fetched = View.preload();
        show(View);
        expect(screen.getByText('Loading the view')).toBeTruthy();
        deliver(Shelf);
        await fetched;
        expect(await screen.findByText('Rice and flour')).toBeTruthy();
        expect(load).toHaveBeenCalledTimes(1);
    });

    it('asks once more when the fetch fails, then says the screen could not be loaded, with Reload', async () => {
        const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
        const View = lazyView(load);
        // The early fetch settles (it never rejects: a view that cannot come says so when shown).
        await expect(View.preload()).resolves.toBeTypeOf('function');
        expect(load).toHaveBeenCalledTimes(2);
        show(View);
        expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/i);
        expect(screen.getByRole('button', { name: /reload/i })).toBeTruthy();
    });
});
