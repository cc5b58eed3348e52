import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { gstRates, inMemoryDataProvider } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';

// Views are fetched on first show (code splitting), which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

describe('a list page', () => {
    it('has its own level-one heading, and says so while a search applies, until Clear', async () => {
        const user = userEvent.setup();
        const filter = encodeURIComponent(JSON.stringify({ q: 'IGST', status: 1 }));
        const dataProvider = inMemoryDataProvider({ gst: gstRates });
        renderAdmin(`/gst?filter=${filter}`, dataProvider);

        expect(await screen.findByRole('heading', { level: 1, name: 'GST rates' })).toBeInTheDocument();
        const line = await screen.findByRole('status');
        expect(line).toHaveTextContent('Filters on (kept until you clear them):search “IGST”Status');
        await user.click(within(line).getByRole('button', { name: 'Clear filters' }));
        await waitFor(() => expect(screen.queryByText('Filters on (kept until you clear them):')).not.toBeInTheDocument());
        await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('gst', expect.objectContaining({ filter: {} })));
    });
});
