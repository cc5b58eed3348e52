import { defaultDarkTheme, type RaThemeOptions } from 'react-admin';

import { accessibleComponents } from './accessibleComponents';
import { notificationColours } from './notificationColours';

/** react-admin's default dark theme with the light theme's greens, lightened to read on a dark background. */
export const darkTheme: RaThemeOptions = {
    ...defaultDarkTheme,
    palette: {
        ...defaultDarkTheme.palette,
        mode: 'dark',
        contrastThreshold: 4.5,
        primary: { main: '#81c784' },
        secondary: { light: '#a5d6a7', main: '#66bb6a', dark: '#338a3e', contrastText: '#000' },
    },
    components: { ...defaultDarkTheme.components, ...notificationColours, ...accessibleComponents('#a5d6a7') },
};
