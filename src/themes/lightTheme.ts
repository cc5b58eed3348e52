import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

import { notificationColours } from './notificationColours';

/** react-admin's default light theme in grocery greens. */
export const lightTheme: RaThemeOptions = {
    ...defaultLightTheme,
    palette: {
        ...defaultLightTheme.palette,
        primary: { main: '#2e7d32' },
        secondary: { light: '#4c8c4a', main: '#1b5e20', dark: '#003300', contrastText: '#fff' },
    },
    components: { ...defaultLightTheme.components, ...notificationColours },
};

/** Behind the sign-in card. */
export const loginBackground = 'radial-gradient(circle at 50% 14em, #2e7d32 0%, #0d3b14 60%, #0a2e10 100%)';
