import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, Link, Logout, TitlePortal, UserMenu, useTranslate } from 'react-admin';

import { UserMenuLinks } from '../pages/UserMenuLinks';

/** Brand label linked to the dashboard, the page title, and a user menu holding Sign Out. */
export const AppBar = () => {
    const translate = useTranslate();
    return (
        <RaAppBar
            userMenu={
                <UserMenu>
                    <UserMenuLinks />
                    <Logout />
                </UserMenu>
            }
        >
            <Link to="/" color="inherit" underline="none" sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 3 }}>
                <StorefrontIcon />
                <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 600 }}>
                    {translate('app.name')}
                </Typography>
            </Link>
            <TitlePortal variant="body1" sx={{ opacity: 0.85 }} />
            <Box component="span" sx={{ flex: 1 }} />
        </RaAppBar>
    );
};
