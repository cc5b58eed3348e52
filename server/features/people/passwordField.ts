/** A new password, wherever one is set (registration's rule, spec §5 and §9): 6 to 200 characters. */
export const passwordField = {
    type: 'string',
    minLength: 6,
    maxLength: 200,
    'x-message': 'Password must be at least 6 characters long!',
} as const;
