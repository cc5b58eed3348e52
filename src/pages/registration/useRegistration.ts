import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { postJson, refusal } from '../api';
import type { Outcome } from '../OutcomeAlert';

/** Where the registration token is kept (the legacy key, which the payment screens read), apart from the sign-in 'token'. */
export const REGISTRATION_TOKEN_KEY = 'authToken';

export interface RegistrationValues {
    name: string;
    email: string;
    contact_no: string;
    address: string;
    pincode: string;
    password: string;
}

/**
 * POST /user_register with its six fields: name, email, contact_no, address, pincode, password (never a role: the
 * server makes every new account a customer).
 * Failures read 'Error: ' and the server's message, or 'Registration failed, please try again.', as the legacy screen said.
 */
export const useRegistration = (successMessage: string) => {
    const translate = useTranslate();
    const [outcome, setOutcome] = useState<Outcome>();
    const [pending, setPending] = useState(false);

    const register = async (values: Record<string, unknown>) => {
        const body: RegistrationValues = {
            name: String(values.name ?? '').trim(),
            email: String(values.email ?? '').trim(),
            contact_no: String(values.contact_no ?? '').trim(),
            address: String(values.address ?? '').trim(),
            pincode: String(values.pincode ?? '').trim(),
            password: String(values.password ?? ''),
        };
        setPending(true);
        setOutcome(undefined);
        try {
            const json = await postJson<{ token?: string }>('/user_register', body);
            // Our server gives no session here (a taken address is answered alike; the customer signs in with a
            // mailed code); a backend that still answers a token has it kept where the payment screens look.
            if (json.token) localStorage.setItem(REGISTRATION_TOKEN_KEY, json.token);
            setOutcome({ severity: 'success', text: translate(successMessage) });
        } catch (error) {
            const message = refusal(error);
            setOutcome({
                severity: 'error',
                text: message ? translate('people.common.error', { message }) : translate('people.registration.failed'),
            });
        } finally {
            setPending(false);
        }
    };

    return { register, outcome, pending, done: outcome?.severity === 'success' };
};
