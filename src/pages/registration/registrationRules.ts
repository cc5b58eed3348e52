import { maxLength, minLength, regex, required } from 'react-admin';

import { EMAIL, sameAs } from '../rules';

/** The customer form's rules: a 10-digit contact number, a 6-digit pincode, a password of at least 6 characters. */
export const customerRules = {
    name: [required('people.registration.name_required'), maxLength(120)],
    email: [required('people.registration.invalid_email'), regex(EMAIL, 'people.registration.invalid_email')],
    contact_no: [required('people.registration.invalid_contact'), regex(/^\d{10}$/, 'people.registration.invalid_contact')],
    address: [required('people.registration.address_required'), maxLength(500)],
    pincode: [required('people.registration.invalid_pincode'), regex(/^\d{6}$/, 'people.registration.invalid_pincode')],
    password: [required('people.registration.short_password'), minLength(6, 'people.registration.short_password')],
};

/** The admin-style form's rules: each field its own 'Please enter…' message. */
export const adminRules = {
    name: [required('people.user_registration.name_required'), maxLength(120)],
    email: [required('people.user_registration.invalid_email'), regex(EMAIL, 'people.user_registration.invalid_email')],
    contact_no: [required('people.user_registration.contact_required')],
    address: [required('people.user_registration.address_required'), maxLength(500)],
    pincode: [required('people.user_registration.pincode_required')],
    password: [required('people.user_registration.password_required')],
    confirm: [required('people.user_registration.passwords_differ'), sameAs('password', 'people.user_registration.passwords_differ')],
};
