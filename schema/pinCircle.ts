// India Post's PIN code circles, read by both halves: the pincode form suggests a state from the first digits as
// they are typed, and a migration fills the states of pincodes kept before. A PIN's first two digits name a postal
// circle (its first three a sorting district); where a circle spans several states, the prefix is left out rather
// than guessed, and staff choose the state themselves.

const range = (from: number, to: number, state: string) => Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), state]));

/** The state of every PIN starting with these two digits, where India Post's circle there is one state only. */
const BY_TWO: Readonly<Record<string, string>> = {
    '11': 'Delhi',
    ...range(12, 13, 'Haryana'),
    ...range(14, 16, 'Punjab'),
    '17': 'Himachal Pradesh',
    ...range(18, 19, 'Jammu and Kashmir'),
    ...range(20, 23, 'Uttar Pradesh'),
    '25': 'Uttar Pradesh',
    ...range(27, 28, 'Uttar Pradesh'),
    ...range(30, 34, 'Rajasthan'),
    ...range(36, 39, 'Gujarat'),
    ...range(40, 44, 'Maharashtra'),
    ...range(45, 48, 'Madhya Pradesh'),
    '49': 'Chhattisgarh',
    '50': 'Telangana',
    ...range(51, 53, 'Andhra Pradesh'),
    ...range(56, 59, 'Karnataka'),
    ...range(60, 64, 'Tamil Nadu'),
    ...range(67, 69, 'Kerala'),
    ...range(70, 74, 'West Bengal'),
    ...range(75, 77, 'Odisha'),
    '80': 'Bihar',
    ...range(82, 83, 'Jharkhand'),
    ...range(84, 85, 'Bihar'),
};

/** Three digits that name a state inside a two-digit prefix shared by several. */
const BY_THREE: Readonly<Record<string, string>> = {
    '248': 'Uttarakhand',
    '249': 'Uttarakhand',
    '263': 'Uttarakhand',
    '403': 'Goa',
    '737': 'Sikkim',
    '744': 'Andaman and Nicobar Islands',
};

/**
 * Prefixes whose PINs lie in more than one state or territory, so nothing is suggested: 160 Chandigarh and Punjab's
 * Mohali, 194 Ladakh inside Jammu and Kashmir's 19, 24 and 26 Uttar Pradesh and Uttarakhand, 362 and 396 Gujarat with
 * Diu, Daman and Dadra, 533 Andhra with Yanam, 605, 607 and 609 Tamil Nadu with Puducherry and Karaikal, 673 Kerala
 * with Mahe, 682 Kerala with Lakshadweep, 78 and 79 Assam and the north-eastern states, 81 Bihar and Jharkhand,
 * 90–99 the Army Postal Service.
 */
const SHARED = ['160', '194', '24', '26', '362', '396', '533', '605', '607', '609', '673', '682', '78', '79', '81', '9'];

/**
 * The state a PIN is in by its India Post circle, or undefined when its prefix is shared between states, unknown,
 * or not typed far enough to tell (a prefix is read once it has two or three digits).
 */
export function stateOfPin(pin: string): string | undefined {
    const digits = pin.trim();
    if (!/^[1-9][0-9]{1,5}$/.test(digits)) return undefined;
    const three = BY_THREE[digits.slice(0, 3)];
    if (three) return three;
    // "16" could still become 160: wait for the third digit where a shared three-digit prefix may follow.
    if (SHARED.some((prefix) => digits.startsWith(prefix) || (digits.length < prefix.length && prefix.startsWith(digits)))) return undefined;
    if (digits.length === 2 && Object.keys(BY_THREE).some((prefix) => prefix.startsWith(digits))) return undefined;
    return BY_TWO[digits.slice(0, 2)];
}
