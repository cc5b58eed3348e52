import { CHECKS } from './checks';

// A customer staff add while taking an order (the order desk): the API's body rule and the app's form both read this.

/** What staff take down. A phone is enough: many neighbourhood customers have no e-mail (they then cannot sign in). */
export interface NewCustomer {
    name: string;
    phone?: string;
    email?: string;
    address?: string;
    pincode?: string;
}

/** The longest each field may be, for the form's inputs and the API's rule alike. */
export const NEW_CUSTOMER_MAX = { name: 120, phone: CHECKS.phone.max, email: 254, address: 500, pincode: CHECKS.pincode.max } as const;

export const NEW_CUSTOMER_MESSAGES = {
    name: 'Please enter the customer’s name (at most 120 characters)',
    reach: 'Please enter the customer’s phone or e-mail',
} as const;

/** The body's JSON schema: a name and a way to reach the customer (phone, e-mail or both). */
export const newCustomerSchema = {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
        name: { type: 'string', pattern: '\\S', maxLength: NEW_CUSTOMER_MAX.name, 'x-message': NEW_CUSTOMER_MESSAGES.name },
        phone: { type: 'string', pattern: CHECKS.phone.pattern, maxLength: NEW_CUSTOMER_MAX.phone, 'x-message': CHECKS.phone.message },
        email: { type: 'string', format: 'email', maxLength: NEW_CUSTOMER_MAX.email, 'x-message': 'Please enter a valid e-mail address' },
        address: { type: 'string', maxLength: NEW_CUSTOMER_MAX.address, 'x-message': 'The address can be at most 500 characters long' },
        pincode: { type: 'string', pattern: CHECKS.pincode.pattern, 'x-message': CHECKS.pincode.message },
    },
    // Each branch names its property, so a customer with neither is told in these words, not "Phone is required".
    anyOf: [
        { required: ['phone'], properties: { phone: { type: 'string', 'x-message': NEW_CUSTOMER_MESSAGES.reach } } },
        { required: ['email'], properties: { email: { type: 'string', 'x-message': NEW_CUSTOMER_MESSAGES.reach } } },
    ],
    'x-message': NEW_CUSTOMER_MESSAGES.reach,
} as const;

/** A phone as the desk keeps it: digits and a leading +, so "98765 43210" and "98765-43210" are one customer. */
export const normalPhone = (phone: string | undefined | null) => phone?.replace(/[^\d+]/g, '') || null;
