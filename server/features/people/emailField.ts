// x@y.z, as the specification asks: something, an @, something, a dot, something (spaces around are trimmed).
const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$';

/** An e-mail address field with the sentence a client sees when it is not one. */
export const emailField = (message: string) => ({ type: 'string', maxLength: 254, pattern: EMAIL_PATTERN, 'x-message': message }) as const;

/** Addresses are compared trimmed and lower-cased, as they are stored. */
export const normalEmail = (address: string) => address.trim().toLowerCase();
