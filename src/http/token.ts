/** Where the session token lives: the key the legacy app's sign-in used, so a kept session still works. */
export const TOKEN_KEY = 'token';

export const getToken = () => localStorage.getItem(TOKEN_KEY);
