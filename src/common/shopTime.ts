import { useSyncExternalStore } from 'react';
import { SHOP_TIME_ZONE } from '../../schema/timeZones';

/**
 * Every time on every screen is the shop's clock, not the browser's: staff abroad, or a laptop set to
 * another zone, see the moment an order was placed as the shop and its customers do. The zone is the
 * shop's setting (Settings → time zone, Asia/Kolkata when left empty), learnt with the signed-in user
 * (/me). Dates read 22/11/2026 (India's day/month/year).
 */
export const DEFAULT_SHOP_TIME_ZONE = SHOP_TIME_ZONE;

interface Clock {
    zone: string;
    date: () => Intl.DateTimeFormat;
    dateTime: () => Intl.DateTimeFormat;
    time: () => Intl.DateTimeFormat;
    /** The zone's short name (IST), said where a time alone could be read on another clock. */
    zoneName: () => string;
}

/** Made when first read, not as the app starts: Intl's first use of a time zone costs tens of milliseconds on a phone. */
const once = <T,>(make: () => T) => {
    let value: T | undefined;
    return () => (value ??= make());
};

const clockOf = (zone: string): Clock => ({
    zone,
    date: once(() => new Intl.DateTimeFormat('en-IN', { timeZone: zone })),
    dateTime: once(() => new Intl.DateTimeFormat('en-IN', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' })),
    time: once(() => new Intl.DateTimeFormat('en-IN', { timeZone: zone, timeStyle: 'short' })),
    zoneName: once(
        () =>
            new Intl.DateTimeFormat('en-IN', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? zone,
    ),
});

let clock = clockOf(DEFAULT_SHOP_TIME_ZONE);

/** A zone this browser knows: Intl refuses the others. */
const knownZone = (zone: string) => {
    try {
        return Boolean(new Intl.DateTimeFormat('en-IN', { timeZone: zone }));
    } catch {
        return false;
    }
};

/**
 * Options for react-admin's <DateField>, so that it too reads the shop's clock (its own format otherwise).
 * Changed in place when the zone is learnt, so the fields that hold them read the new zone on their next draw.
 */
export const shopDateFieldOptions: Intl.DateTimeFormatOptions = { timeZone: DEFAULT_SHOP_TIME_ZONE };
export const shopDateTimeFieldOptions: Intl.DateTimeFormatOptions = { timeZone: DEFAULT_SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' };

/** Sets the shop's zone; a zone this browser does not know (or none) leaves the default. */
export function setShopTimeZone(zone: string | null | undefined) {
    const next = zone && (zone === clock.zone || knownZone(zone)) ? zone : DEFAULT_SHOP_TIME_ZONE;
    if (next === clock.zone) return;
    clock = clockOf(next);
    shopDateFieldOptions.timeZone = next;
    shopDateTimeFieldOptions.timeZone = next;
    for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
};

/**
 * The shop's zone, for a component that must draw again when it changes: after a settings save, or when the
 * fresh /me of a visit names another zone than the copy the first screen was drawn with.
 */
export const useShopTimeZone = () => useSyncExternalStore(subscribe, () => clock.zone);

/** The shop's zone as set (Asia/Kolkata unless the settings name another). */
export const shopTimeZone = () => clock.zone;

/** The zone's short name (IST), for a column of the shop's dates. */
export const shopZoneName = () => clock.zoneName();

/** 22/11/2026, on the shop's clock. */
export const shopDate = (iso: string | Date) => clock.date().format(new Date(iso));

/** 22/11/26, 4:30 pm, on the shop's clock. */
export const shopDateTime = (iso: string | Date) => clock.dateTime().format(new Date(iso));

/** 4:30 pm, on the shop's clock: the time of day beside a date. */
export const shopTimeOfDay = (iso: string | Date) => clock.time().format(new Date(iso));

/** 22/11/26, 4:30 pm IST: the zone said, for history and order pages. */
export const shopDateTimeWithZone = (iso: string | Date) => `${shopDateTime(iso)} ${clock.zoneName()}`;
