import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, AdminUI, Resource, TestMemoryRouter, type I18nProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { activity } from '../../schema/activity';
import { exportCsv } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';
import hi from '../../src/i18n/hi';
import { resources } from '../../src/resources';
import { inMemoryDataProvider } from './catalogueFixtures';

// Views are fetched on first show (code splitting), which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const lines = [
    { id: 1, createdAt: '2026-11-20T10:30:00.000Z', userEmail: 'asha@grocer.test', action: 'toggle', entity: 'products', record: 4, changes: null, ip: '127.0.0.1' },
    { id: 2, createdAt: '2026-11-20T10:31:00.000Z', userEmail: 'asha@grocer.test', action: 'bulk-delete', entity: 'pincode', record: 9, changes: null, ip: '127.0.0.1' },
];

const inLanguage = (messages: typeof en, locale: string) => polyglotI18nProvider(() => messages, locale, [{ locale, name: locale }], { allowMissing: true });

const renderActivity = (i18nProvider: I18nProvider, path = '/activity') =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={inMemoryDataProvider({ activity: lines })} i18nProvider={i18nProvider}>
                <AdminUI>
                    <Resource name="activity" {...resources.activity} />
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );

const labels = (messages: typeof en) => (messages.resources as unknown as { activity: { choices: { action: Record<string, string> } } }).activity.choices.action;

describe('the Activity screen’s actions', () => {
    it('have words for every action the log writes, in English and in Hindi', () => {
        const actions = activity.fields.action.choices!;
        expect(Object.keys(labels(en)).sort()).toEqual([...actions].sort());
        expect(Object.keys(labels(hi as typeof en)).sort()).toEqual([...actions].sort());
    });

    it('are offered by the filter in Hindi, and the column shows them in Hindi', async () => {
        const user = userEvent.setup();
        renderActivity(inLanguage(hi as typeof en, 'hi'), `/activity?filter=${encodeURIComponent(JSON.stringify({ action: 'toggle' }))}`);

        // The chosen filter shows its word, not the log's code.
        const filter = await screen.findByRole('combobox', { name: 'क्या' });
        expect(filter).toHaveTextContent('स्थिति बदली गई');
        const table = await screen.findByRole('table');
        expect(within(table).getByRole('columnheader', { name: /क्या/ })).toBeInTheDocument();
        expect(await within(table).findByText('स्थिति बदली गई')).toBeInTheDocument();
        expect(within(table).queryByText('toggle')).not.toBeInTheDocument();
        await user.click(filter);
        const options = within(await screen.findByRole('listbox')).getAllByRole('option').map(option => option.textContent);
        expect(options).toEqual(expect.arrayContaining(['बनाया गया', 'स्थिति बदली गई', 'हटाया गया (चयन)', 'कई गलत कोड']));
        expect(options).not.toContain('toggle');
        expect(options).not.toContain('code-burst');
    });

    it('are offered by the filter in English', async () => {
        const user = userEvent.setup();
        renderActivity(inLanguage(en, 'en'));
        expect(await screen.findByText('Deleted (selection)')).toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Add filter' }));
        await user.click(await screen.findByRole('menuitemcheckbox', { name: 'What' }));
        await user.click(await screen.findByRole('combobox', { name: 'What' }));
        const options = within(await screen.findByRole('listbox')).getAllByRole('option').map(option => option.textContent);
        expect(options).toEqual(expect.arrayContaining(['Created', 'Status changed', 'Signed in', 'Many wrong codes']));
        expect(options).not.toContain('sign-in');
    });

    it('are written in words in the CSV export, in either language', async () => {
        const english = await inLanguage(en, 'en');
        const hindi = await inLanguage(hi as typeof en, 'hi');
        const action = (csv: string) => csv.split('\r\n').slice(1).map(line => line.split(',')[2]);
        expect(action(exportCsv(activity, english.translate, lines, {}))).toEqual(['Status changed', 'Deleted (selection)']);
        expect(action(exportCsv(activity, hindi.translate, lines, {}))).toEqual(['स्थिति बदली गई', 'हटाया गया (चयन)']);
    });
});
