import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { categories, gstRates, inMemoryDataProvider, subcategories } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';

// Views are fetched on first show (code splitting), which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const line = (id: number, entity: string, record: number, action: string, changes: object) => ({
    id,
    createdAt: '2026-11-20T10:30:00.000Z',
    userEmail: 'asha@grocer.test',
    action,
    entity,
    record,
    // An object, as the API answers it.
    changes,
    ip: '127.0.0.1',
});

describe('a record’s history under its form', () => {
    it('names each changed field with the form’s label and a reference by its name', async () => {
        const activity = [line(1, 'subcategories', 11, 'update', { categoryId: { before: 1, after: 2 }, name: { before: 'Citrus', after: 'Citrus fruit' }, status: { before: 1, after: 0 } })];
        renderAdmin('/subcategories/11', inMemoryDataProvider({ subcategories, categories, activity }));

        const history = (await screen.findByText('History of this record')).parentElement!;
        expect(await within(history).findByText('Category: Fruits → Vegetables')).toBeInTheDocument();
        expect(within(history).getByText('Name: Citrus → Citrus fruit')).toBeInTheDocument();
        expect(within(history).getByText('Status: Active → Inactive')).toBeInTheDocument();
        expect(within(history).queryByText(/categoryId/)).not.toBeInTheDocument();
        expect(within(history).getByText(/· Changed$/)).toBeInTheDocument();
    });

    it('says when on the shop’s clock, naming the zone, whatever the browser’s zone', async () => {
        const browserZone = process.env.TZ;
        process.env.TZ = 'America/Los_Angeles';
        try {
            const activity = [line(1, 'subcategories', 11, 'update', { name: { before: 'Citrus', after: 'Citrus fruit' } })];
            renderAdmin('/subcategories/11', inMemoryDataProvider({ subcategories, categories, activity }));
            const history = (await screen.findByText('History of this record')).parentElement!;
            // 10:30 UTC is 4:00 pm in India (and 2:30 am in Los Angeles).
            expect(await within(history).findByText(/^20\/11\/26, 4:00 pm IST · asha@grocer\.test · Changed$/)).toBeInTheDocument();
        } finally {
            process.env.TZ = browserZone;
        }
    });
});

describe('the activity list', () => {
    it('names the screen, the fields in its labels, and references by the name the line carries or by id', async () => {
        const activity = [
            line(1, 'products', 40, 'delete', {
                name: { before: 'Kale' },
                categoryId: { before: 2 },
                categoryName: { before: 'Vegetables' },
                gstId: { before: 7 },
                // Amounts as the API answers them: rupees.
                price: { before: 40.5 },
            }),
        ];
        renderAdmin('/activity', inMemoryDataProvider({ activity, gst: gstRates }));

        const row = (await screen.findByText('Name: Kale')).closest('tr')!;
        expect(within(row).getByText('Product')).toBeInTheDocument();
        expect(within(row).getByText('Category: Vegetables')).toBeInTheDocument();
        expect(within(row).queryByText(/categoryName|categoryId|gstId/)).not.toBeInTheDocument();
        expect(await within(row).findByText('GST: IGST 18%')).toBeInTheDocument();
        expect(within(row).getByText('Price (₹): ₹40.50')).toBeInTheDocument();
        expect(within(row).getByText('Deleted')).toBeInTheDocument();
        expect(within(row).queryByText('delete')).not.toBeInTheDocument();
    });
});

describe('a stock change in the history', () => {
    it('reads as words, not keys: the reason and the note by their labels, the reason as its choice', async () => {
        const activity = [line(1, 'products', 40, 'stock', { stock: { before: 12, after: 10 }, reason: { after: 'damaged' }, note: { after: 'two jars broke' } })];
        renderAdmin('/activity', inMemoryDataProvider({ activity, gst: gstRates }));

        const row = (await screen.findByText('Reason: Damaged')).closest('tr')!;
        expect(within(row).getByText('Stock: 12 → 10')).toBeInTheDocument();
        expect(within(row).getByText('Note: two jars broke')).toBeInTheDocument();
        expect(within(row).queryByText(/reason:|note:|damaged/)).not.toBeInTheDocument();
    });
});
