import { useMemo } from 'react';
import { createTheme } from '@mui/material';

import { darkTheme } from '../themes/darkTheme';
import { lightTheme } from '../themes/lightTheme';
import { storedThemeMode } from './storedPreference';

/** The theme react-admin will show, made once, for what is drawn before react-admin (the sign-in page, the first screen). */
export const useStoredTheme = () => useMemo(() => createTheme(storedThemeMode() === 'dark' ? darkTheme : lightTheme), []);
