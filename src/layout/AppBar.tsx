import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Typography } from '@mui/material';
import {
    AppBar as RaAppBar,
    Link,
    LoadingIndicator,
    LocalesMenuButton,
    Logout,
    TitlePortal,
    ToggleThemeButton,
    UserMenu,
    useGetIdentity,
    useTranslate,
} from 'react-admin';

import { UserMenuLinks } from '../pages/UserMenuLinks';
import { LazyPaletteButton } from '../palette/LazyPaletteButton';

/**
 * Brand label linked to the dashboard, the page title, the language and light/dark switches, and a user
 * menu holding Sign Out. On a phone the brand keeps its icon only, so that the page title has the room.
 */
export const AppBar = () => {
    const translate = useTranslate();
    // The user menu reads the user's name on a wide screen: it is named so too (WCAG 2.5.3, label in name),
    // so "click Shop Administrator" by voice opens it; with only its icon on a phone it keeps the word Profile.
    const name = useGetIdentity().identity?.fullName;
    return (
        <RaAppBar
            toolbar={
                <>
                    <LazyPaletteButton />
                    {/* On a phone the language button keeps its icon only, so that the page title has the room. */}
                    <Box
                        component="span"
                        sx={{ '& .MuiButton-root': { minWidth: 0, fontSize: { xs: 0, sm: '0.8125rem' } }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
                    >
                        <LocalesMenuButton />
                    </Box>
                    <ToggleThemeButton />
                    {/* The spinner shown while anything loads is named, as a progress bar must be (axe: aria-progressbar-name). */}
                    <LoadingIndicator aria-label={translate('ra.page.loading')} />
                </>
            }
            userMenu={
                <UserMenu label={name || 'ra.auth.user_menu'}>
                    <UserMenuLinks />
                    <Logout />
                </UserMenu>
            }
        >
            <Link
                to="/"
                color="inherit"
                underline="none"
                aria-label={translate('app.name')}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 1, md: 3 }, flexShrink: 0 }}
            >
                <StorefrontIcon />
                <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 600, display: { xs: 'none', md: 'inline' } }}>
                    {translate('app.name')}
                </Typography>
            </Link>
            <TitlePortal
                variant="body1"
                sx={{ opacity: 0.85, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            />
            <Box component="span" sx={{ flex: { xs: 0, md: 1 } }} />
        </RaAppBar>
    );
};
