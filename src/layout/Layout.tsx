import { Fragment, Suspense, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';

import { PageLoading } from '../common/PageLoading';
import { preloadPaletteButton } from '../palette/LazyPaletteButton';
import { useShopTimeZone } from '../common/shopTime';
import { AppBar } from './AppBar';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

/** The parts of the layout that come in chunks of their own, fetched with it so that they are in when it first shows. */
export const preloadParts = () => preloadPaletteButton();

export const Layout = ({ children }: { children: ReactNode }) => (
    // react-admin's skip link, shown on focus, wrote white on the page's light background.
    <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar} sx={{ '& .skip-nav-button': { color: 'primary.main' } }}>
        <DocumentTitle />
        <Suspense fallback={<PageLoading />}>
            <ShopClockPage>{children}</ShopClockPage>
        </Suspense>
        <Footer />
    </RaLayout>
);

/**
 * Draws the page again when the shop's zone changes. Its times are formatted as they are drawn, and a list's
 * rows do not draw again for data that did not change; a new zone is rare (a settings save), so a fresh draw is cheap.
 */
const ShopClockPage = ({ children }: { children: ReactNode }) => <Fragment key={useShopTimeZone()}>{children}</Fragment>;
