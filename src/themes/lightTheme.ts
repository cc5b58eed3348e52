import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

import { accessibleComponents } from './accessibleComponents';
import { notificationColours } from './notificationColours';

/** react-admin's default light theme in grocery greens. */
export const lightTheme: RaThemeOptions = {
    ...defaultLightTheme,
    palette: {
        ...defaultLightTheme.palette,
        // Text on a filled colour is white only where white reads (4.5:1), else black.
        contrastThreshold: 4.5,
        primary: { main: '#2e7d32' },
        secondary: { light: '#4c8c4a', main: '#1b5e20', dark: '#003300', contrastText: '#fff' },
        // Darker than Material's orange and light blue, so that white text on them and they on white read (4.5:1).
        warning: { main: '#b45309' },
        info: { main: '#0277bd' },
    },
    components: {
        ...defaultLightTheme.components,
        ...notificationColours,
        ...accessibleComponents('#1b5e20'),
        // Lighter than react-admin's grey, so that the form toolbar's green Cancel reads on it.
        RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    },
};

/** Behind the sign-in card. */
export const loginBackground = 'radial-gradient(circle at 50% 14em, #2e7d32 0%, #0d3b14 60%, #0a2e10 100%)';
