/** The zone a shop's times read unless its settings choose another. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/**
 * The zones a shop may choose for its screens' clock: India's, its neighbours' and those of the places
 * Indian grocers sell from abroad. A short list a person can pick from, not the 400 of the IANA database.
 */
export const SHOP_TIME_ZONES = [
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Asia/Dhaka',
    'Asia/Colombo',
    'Asia/Karachi',
    'Asia/Dubai',
    'Asia/Singapore',
    'Europe/London',
    'America/New_York',
    'America/Toronto',
    'Australia/Sydney',
    'UTC',
] as const;
