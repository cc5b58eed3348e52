// Not run again on PostgreSQL: arithmetic, no database.
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../server/engine/money';

describe('money', () => {
    it('reads decimal strings and JSON numbers into exact integer units', () => {
        expect(toUnits('120.50', 2)).toBe(12050);
        expect(toUnits(120.5, 2)).toBe(12050);
        expect(toUnits('2.5', 2)).toBe(250);
        expect(toUnits(18, 2)).toBe(1800);
        expect(toUnits(0.01, 2)).toBe(1);
        expect(toUnits(' 7 ', 2)).toBe(700);
    });

    it('never drifts where float arithmetic would', () => {
        expect(0.29 * 100).not.toBe(29);
        expect(toUnits(0.29, 2)).toBe(29);
        expect(toUnits('1.005', 3)).toBe(1005);
    });

    it('takes trailing zeros past the allowed places as the same amount', () => {
        expect(toUnits('2.500', 2)).toBe(250);
    });

    it('answers units as the number that was written', () => {
        expect([fromUnits(250, 2), fromUnits(1800, 2), fromUnits(12050, 2), fromUnits(1, 2), fromUnits(29, 2)]).toEqual([2.5, 18, 120.5, 0.01, 0.29]);
    });

    it('refuses amounts that are not exact non-negative decimals', () => {
        for (const bad of ['1.234', '-1', 'abc', '', '1e3', 0.001]) expect(() => toUnits(bad, 2), String(bad)).toThrow();
    });
});
