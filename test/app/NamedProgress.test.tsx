import { CircularProgress, LinearProgress as MuiLinearProgress } from '@mui/material';
import { render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, LinearProgress } from 'react-admin';
import { describe, expect, it } from 'vitest';

import en from '../../src/i18n/en';
import hi from '../../src/i18n/hi';
import { NamedProgress } from '../../src/layout/NamedProgress';

const inLanguage = (messages: typeof en, locale: string) => polyglotI18nProvider(() => messages, locale, [{ locale, name: locale }]);

const renderBars = (messages: typeof en, locale: string) =>
    render(
        <AdminContext i18nProvider={inLanguage(messages, locale)}>
            <NamedProgress>
                {/* react-admin's own, as a reference still loading draws it (no second's wait here). */}
                <LinearProgress timeout={0} />
                <CircularProgress />
                <MuiLinearProgress variant="determinate" value={40} aria-label="Uploading the video" />
            </NamedProgress>
        </AdminContext>
    );

describe('progress bars in the layout', () => {
    it('are named "Loading" when they say nothing more, and keep a name of their own', async () => {
        renderBars(en, 'en');
        await waitFor(() => expect(screen.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(2));
        expect(screen.getByRole('progressbar', { name: 'Uploading the video' })).toBeInTheDocument();
        expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    });

    it('are named in the staff’s language', async () => {
        renderBars(hi, 'hi');
        const loading = (hi.ra as unknown as { page: { loading: string } }).page.loading;
        expect(loading).not.toBe('Loading');
        await waitFor(() => expect(screen.getAllByRole('progressbar', { name: loading })).toHaveLength(2));
    });
});
