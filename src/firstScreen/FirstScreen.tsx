import MenuIcon from '@mui/icons-material/Menu';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { AppBar, Box, CssBaseline, Paper, ThemeProvider, Toolbar, Typography, useMediaQuery } from '@mui/material';
import words from 'virtual:first-screen-words';

import { storedPreference } from '../signIn/storedPreference';
import { useStoredTheme } from '../signIn/useStoredTheme';

// react-admin's sidebar beside the page, open and closed (its DRAWER_WIDTH and CLOSED_DRAWER_WIDTH).
const SIDEBAR_WIDTH = { open: 240, closed: 55 };

/** The language the app will show (react-admin's stored choice; English when none). */
export const firstScreenLocale = () => (storedPreference('locale') === 'hi' ? 'hi' : 'en');

/** A list's plural name ('Product |||| Products' → 'Products', as react-admin's polyglot picks it for many). */
const plural = (name: string) => (name.split('||||')[1] ?? name).trim();

/** The list a path shows (`/products`, not `/products/7`), named in `locale`; undefined for any other screen. */
export function listHeading(pathname: string, locale: string): string | undefined {
    const [, resource, ...rest] = pathname.split('/');
    const name = rest.length === 0 && resource ? (words[locale] ?? words.en).resources[resource] : undefined;
    return name === undefined ? undefined : plural(name);
}

/** A list's heading on its paper, where the list draws it (ListHeading): the frame's, and the layout's while a list's chunk loads. */
export const ListHeadingFrame = ({ heading }: { heading: string }) => (
    <Paper sx={{ mt: '1em', px: 2, pt: 1.5, pb: 2 }}>
        <Typography variant="h5" component="h1">
            {heading}
        </Typography>
    </Paper>
);

/**
 * What a signed-in visit sees while the app (react-admin, its layout, the list) loads: the app bar and, at a
 * list's address, the list's heading, drawn where the app will draw them, in the theme and language it will
 * show. A phone's slow CPU runs react-admin for seconds before its first paint; this frame
 * comes with the main script alone, and stays as the app's loading screen until the layout is drawn over it.
 */
export const FirstScreen = () => {
    const locale = firstScreenLocale();
    const theme = useStoredTheme();
    const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
    const heading = listHeading(window.location.pathname, locale);
    // Beside the page from `sm` up, as wide as react-admin's sidebar in the state it remembers (open unless closed).
    const sidebar = storedPreference('sidebar.open') === false ? SIDEBAR_WIDTH.closed : SIDEBAR_WIDTH.open;
    return (
        <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            <AppBar position="fixed" color="secondary">
                <Toolbar disableGutters variant={phone ? 'regular' : 'dense'} sx={{ px: 1, minHeight: { xs: 48 } }}>
                    {/* Where the menu button will be: a picture here, nothing to press until the app can open the menu. */}
                    <Box sx={{ display: 'flex', p: 1, mr: '0.2em' }}>
                        <MenuIcon />
                    </Box>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 1, md: 3 }, flexShrink: 0 }}>
                        <StorefrontIcon />
                        <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 600, display: { xs: 'none', md: 'inline' } }}>
                            {(words[locale] ?? words.en).app}
                        </Typography>
                    </Box>
                    <Typography variant="body1" noWrap sx={{ opacity: 0.85, flex: 1, minWidth: 0 }}>
                        {heading}
                    </Typography>
                </Toolbar>
            </AppBar>
            <Box component="main" aria-busy="true" sx={{ pt: { xs: 7, sm: 6 }, pl: { xs: 1, sm: `${sidebar + 8}px` }, pr: 1 }}>
                {heading && <ListHeadingFrame heading={heading} />}
            </Box>
        </ThemeProvider>
    );
};
