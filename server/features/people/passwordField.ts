/** A new password, wherever one is set: at least 6 characters, as registration always asked, and at most 200. */
export const passwordField = {
    type: 'string',
    minLength: 6,
    maxLength: 200,
    'x-message': 'Password must be at least 6 characters long!',
} as const;
