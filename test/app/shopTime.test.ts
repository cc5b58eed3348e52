import { afterEach, describe, expect, it } from 'vitest';
import { setShopTimeZone, shopDateTime, shopDateTimeWithZone, shopDateFieldOptions, shopTimeZone, shopZoneName } from '../../src/common/shopTime';
import { fromShopDay, toShopDay } from '../../src/common/ShopDateInput';

// The screens' clock is the shop's setting, whatever the browser's zone.

const moment = '2026-11-26T20:00:00.000Z';

describe("the shop's clock", () => {
    afterEach(() => setShopTimeZone(undefined));

    it('reads India time until the shop names another zone, and then that one, with its name', () => {
        expect(shopDateTime(moment)).toMatch(/^27\/11\/26, 1:30\sam$/);
        expect(shopDateTimeWithZone(moment)).toMatch(/IST$/);
        setShopTimeZone('Asia/Dubai');
        expect(shopTimeZone()).toBe('Asia/Dubai');
        expect(shopDateTime(moment)).toMatch(/^27\/11\/26, 12:00\sam$/);
        expect(shopDateTimeWithZone(moment)).toMatch(/(GST|GMT\+4)$/);
        expect(shopDateFieldOptions.timeZone).toBe('Asia/Dubai');
    });

    it('keeps India time for a zone the browser does not know, or none', () => {
        setShopTimeZone('Mars/Olympus_Mons');
        expect(shopTimeZone()).toBe('Asia/Kolkata');
        setShopTimeZone(null);
        expect(shopDateFieldOptions.timeZone).toBe('Asia/Kolkata');
    });
});

describe('dates typed as the app shows them', () => {
    it('reads dd/mm/yyyy as the API’s YYYY-MM-DD, and shows the API’s day as dd/mm/yyyy', () => {
        expect(toShopDay('2026-11-27')).toBe('27/11/2026');
        expect(toShopDay(null)).toBe('');
        expect(fromShopDay('27/11/2026')).toBe('2026-11-27');
        expect(fromShopDay('7-3-2026')).toBe('2026-03-07');
        expect(fromShopDay('27112026')).toBe('2026-11-27');
        // Half typed, or no such day: the text as it is, for the input's check to refuse.
        expect(fromShopDay('2711')).toBe('27/11');
        expect(fromShopDay('27/112')).toBe('27/11/2');
        expect(fromShopDay('7/3/2026')).toBe('2026-03-07');
        expect(fromShopDay('31/02/2026')).toBe('31/02/2026');
        expect(fromShopDay('11/27/2026')).toBe('11/27/2026');
    });

    it("names the shop's zone for a column of its dates", () => {
        expect(shopZoneName()).toBe('IST');
    });
});
