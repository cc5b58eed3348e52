import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useDrawnInSteps } from '../../src/common/useDrawnInSteps';

const hundred = Array.from({ length: 100 }, (_, i) => ({ id: i + 1 }));
/** How many records each render drew (undefined: none to draw). */
let drawn: Array<number | undefined> = [];

const Probe = ({ records }: { records?: Array<{ id: number }> }) => {
    const rows = useDrawnInSteps(records, 10);
    drawn.push(rows?.length);
    return <p>{rows ? `${rows.length} drawn` : 'none'}</p>;
};

beforeEach(() => {
    drawn = [];
});

describe('a list drawn in steps', () => {
    it('draws the first records at once, then all of them', async () => {
        render(<Probe records={hundred} />);
        expect(drawn[0]).toBe(10);
        expect(await screen.findByText('100 drawn')).toBeInTheDocument();
    });

    it('draws the first records of a page that arrives after the list showed, never nothing in between', async () => {
        const { rerender } = render(<Probe />);
        expect(drawn).toEqual([undefined]);
        drawn = [];
        rerender(<Probe records={hundred} />);
        expect(await screen.findByText('100 drawn')).toBeInTheDocument();
        expect(drawn[0]).toBe(10);
        expect(drawn).not.toContain(undefined);
    });

    it('shows a change at once once all are drawn', async () => {
        const { rerender } = render(<Probe records={hundred} />);
        await screen.findByText('100 drawn');
        drawn = [];
        rerender(<Probe records={hundred.slice(1)} />);
        expect(drawn[0]).toBe(99);
    });
});
