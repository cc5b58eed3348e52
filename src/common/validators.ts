import { minValue, regex, type Validator } from 'react-admin';

/** Refuses a number with more than `places` decimals, which the API would refuse rather than round. */
export const maxDecimals =
    (places: number): Validator =>
    (value: unknown) => {
        if (value == null || value === '') return undefined;
        const [, fraction = ''] = String(value).split('.');
        return fraction.length > places ? { message: 'app.validation.max_decimals', args: { places } } : undefined;
    };

/** Rupees (or a percent): not negative, paise at most. */
export const amount = (places = 2): Validator[] => [minValue(0, 'app.validation.not_negative'), maxDecimals(places)];

/** Indian PIN codes: six digits, none starting with 0. */
export const pincode = regex(/^[1-9][0-9]{5}$/, 'app.validation.pincode');
