import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { galleryChange } from '../../src/crud/galleryChange';
import { inMemoryDataProvider } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';

configure({ asyncUtilTimeout: 10_000 });

const line = (id: number, changes: object) => ({
    id,
    createdAt: '2026-11-20T10:30:00.000Z',
    userEmail: 'asha@grocer.test',
    action: 'update',
    entity: 'products',
    record: 40,
    changes,
    ip: '127.0.0.1',
});

describe('a gallery change in the history', () => {
    it('counts pictures added and removed and tells a move, never the file names', async () => {
        const [a, b, c, d] = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg', '/uploads/d.jpg'];
        const activity = [
            line(1, { images: { before: [a, b], after: [b, a, c, d] } }),
            line(2, { images: { before: [a, b, c], after: [a, c] } }),
            // Written before galleries could be rearranged: only the removed paths and the added ones.
            line(3, { images: { before: [], after: [a] } }),
            // Make main: the main picture a and gallery picture c swap places, and d moves before b.
            line(4, { image: { before: a, after: c }, images: { before: [b, c, d], after: [a, d, b] } }),
        ];
        renderAdmin('/activity', inMemoryDataProvider({ activity }));

        expect(await screen.findByText('Gallery: 2 pictures added, order changed')).toBeInTheDocument();
        expect(screen.getByText('Gallery: 1 picture removed')).toBeInTheDocument();
        const row = screen.getByText('Gallery: 1 picture added').closest('tr')!;
        expect(within(row).queryByText(/uploads/)).not.toBeInTheDocument();
        const swap = screen.getByText('Gallery: a picture became the main one, order changed').closest('tr')!;
        expect(within(swap).getByText('Image: replaced')).toBeInTheDocument();
        expect(within(swap).queryByText(/uploads|added|removed/)).not.toBeInTheDocument();
    });

    it('reads before and after lists', () => {
        expect(galleryChange(['x', 'y', 'z'], ['z', 'x', 'n'])).toEqual({ added: 1, removed: 1, reordered: true, madeMain: false });
        expect(galleryChange(['x', 'y'], ['x', 'y'])).toEqual({ added: 0, removed: 0, reordered: false, madeMain: false });
        expect(galleryChange(null, 'garbage')).toEqual({ added: 0, removed: 0, reordered: false, madeMain: false });
        // Made main with no main picture before: it leaves the gallery, nothing is removed.
        expect(galleryChange(['x', 'y'], ['y'], { before: null, after: 'x' })).toEqual({ added: 0, removed: 0, reordered: false, madeMain: true });
        // A new main picture uploaded (not from the gallery) is no swap.
        expect(galleryChange(['x'], ['x', 'n'], { before: 'm', after: 'z' })).toEqual({ added: 1, removed: 0, reordered: false, madeMain: false });
    });
});
