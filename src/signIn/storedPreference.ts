/**
 * A choice react-admin's store remembers (localStorageStore: `RaStore.<key>`, as JSON), read before react-admin
 * is loaded: the sign-in page opens in the language and theme the app will show.
 */
export const storedPreference = (key: string): unknown => {
    try {
        return JSON.parse(localStorage.getItem(`RaStore.${key}`) ?? 'null');
    } catch {
        return null;
    }
};

/** The theme react-admin will show: the one chosen, else the system's (as its ThemeProvider decides). */
export const storedThemeMode = (): 'light' | 'dark' => {
    const chosen = storedPreference('theme');
    if (chosen === 'light' || chosen === 'dark') return chosen;
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};
