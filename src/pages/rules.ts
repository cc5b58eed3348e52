import type { Validator } from 'react-admin';

// x@y.z, as the legacy forms asked; the server checks the same.
export const EMAIL = /^\s*[^\s@]+@[^\s@]+\.[^\s@]+\s*$/;

/** The value must equal another field's: a password's confirmation. */
export function sameAs(field: string, message: string): Validator {
    return (value: unknown, values: Record<string, unknown>) => (value === values[field] ? undefined : message);
}
