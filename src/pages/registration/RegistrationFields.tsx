import { PasswordInput, TextInput, type Validator } from 'react-admin';

export type FieldRules = Record<'name' | 'email' | 'contact_no' | 'address' | 'pincode' | 'password', Validator[]>;

/** The six fields both registration forms send. */
export const RegistrationFields = ({ rules }: { rules: FieldRules }) => (
    <>
        <TextInput source="name" label="people.registration.name" validate={rules.name} autoComplete="name" fullWidth />
        <TextInput source="email" label="people.registration.email" type="email" validate={rules.email} autoComplete="email" fullWidth />
        <TextInput
            source="contact_no"
            label="people.registration.contact_no"
            validate={rules.contact_no}
            autoComplete="tel"
            inputProps={{ inputMode: 'numeric', maxLength: 10 }}
            fullWidth
        />
        <TextInput source="address" label="people.registration.address" validate={rules.address} autoComplete="street-address" multiline minRows={2} fullWidth />
        <TextInput
            source="pincode"
            label="people.registration.pincode"
            validate={rules.pincode}
            autoComplete="postal-code"
            inputProps={{ inputMode: 'numeric', maxLength: 6 }}
            fullWidth
        />
        <PasswordInput source="password" label="people.registration.password" validate={rules.password} autoComplete="new-password" fullWidth />
    </>
);
