// GST identification numbers and the states they name, read by both halves: a field's named check `gstin`
// (schema/checks.ts) holds a GSTIN to its shape, its check character and its state, and tax invoices name the place of supply.

/** The states and union territories by their GST state code (01–38), as the GST portal lists them. */
export const GST_STATES: Readonly<Record<string, string>> = {
    '01': 'Jammu and Kashmir',
    '02': 'Himachal Pradesh',
    '03': 'Punjab',
    '04': 'Chandigarh',
    '05': 'Uttarakhand',
    '06': 'Haryana',
    '07': 'Delhi',
    '08': 'Rajasthan',
    '09': 'Uttar Pradesh',
    '10': 'Bihar',
    '11': 'Sikkim',
    '12': 'Arunachal Pradesh',
    '13': 'Nagaland',
    '14': 'Manipur',
    '15': 'Mizoram',
    '16': 'Tripura',
    '17': 'Meghalaya',
    '18': 'Assam',
    '19': 'West Bengal',
    '20': 'Jharkhand',
    '21': 'Odisha',
    '22': 'Chhattisgarh',
    '23': 'Madhya Pradesh',
    '24': 'Gujarat',
    // 25 (Daman and Diu) was merged into 26 in 2020; 28 is Andhra Pradesh's code from before 2014 (now 37).
    '25': 'Dadra and Nagar Haveli and Daman and Diu',
    '26': 'Dadra and Nagar Haveli and Daman and Diu',
    '27': 'Maharashtra',
    '28': 'Andhra Pradesh',
    '29': 'Karnataka',
    '30': 'Goa',
    '31': 'Lakshadweep',
    '32': 'Kerala',
    '33': 'Tamil Nadu',
    '34': 'Puducherry',
    '35': 'Andaman and Nicobar Islands',
    '36': 'Telangana',
    '37': 'Andhra Pradesh',
    '38': 'Ladakh',
};

/** The state names a shop may choose, A to Z, each once. */
export const STATE_NAMES = [...new Set(Object.values(GST_STATES))].sort();

/** A state's current GST code (Andhra Pradesh is 37, the merged territory 26). */
export const stateCode = (name: string | null | undefined): string | undefined => {
    const codes = Object.entries(GST_STATES).filter(([, state]) => state === name);
    return codes.at(-1)?.[0];
};

/**
 * A GSTIN's shape: state code 01–38, the holder's PAN (5 letters, 4 digits, a letter), the entity number (1–9 or a
 * letter), Z, and the check character. Empty is none; letters may be typed in either case (it is stored upper-case).
 */
export const GSTIN_PATTERN = '^((0[1-9]|[12][0-9]|3[0-8])[A-Za-z]{5}[0-9]{4}[A-Za-z][1-9A-Za-z][Zz][0-9A-Za-z])?$';

export const GSTIN_FORMAT_MESSAGE =
    'Please enter the GSTIN as 15 characters: the state code (01 to 38), the 10-character PAN, the entity number, Z and the check character, e.g. 27AAPFU0939F1ZV';
export const GSTIN_CHECK_MESSAGE =
    "This GSTIN's last character does not match the other 14 (it is a check on them), so one of its characters is wrong: please copy it again from the GST registration certificate";

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters, by the GST Network's mod-36 algorithm. */
export function gstinCheckCharacter(first14: string): string {
    let sum = 0;
    for (let i = 0; i < 14; i++) {
        const product = CHARS.indexOf(first14[i].toUpperCase()) * (i % 2 === 0 ? 1 : 2);
        sum += Math.floor(product / 36) + (product % 36);
    }
    return CHARS[(36 - (sum % 36)) % 36];
}

/** What is wrong with a GSTIN (and with the state beside it, when given), or undefined when nothing is. */
export function gstinProblem(value: string, state?: string | null): string | undefined {
    const gstin = value.trim().toUpperCase();
    if (!gstin) return undefined;
    if (!new RegExp(GSTIN_PATTERN).test(gstin)) return GSTIN_FORMAT_MESSAGE;
    if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_CHECK_MESSAGE;
    const code = gstin.slice(0, 2);
    if (state && GST_STATES[code] !== state) {
        return `This GSTIN is registered in ${GST_STATES[code]} (it starts with ${code}), but the shop's state is ${state}: please check both`;
    }
    return undefined;
}
