import { Fragment, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';

import { PageLoading } from '../common/PageLoading';
import { preloadPaletteButton } from '../palette/LazyPaletteButton';
import { useShopTimeZone } from '../common/shopTime';
import { AppBar } from './AppBar';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import { Menu } from './Menu';
import { NamedProgress } from './NamedProgress';
import { Sidebar } from './Sidebar';

/** The parts of the layout that come in chunks of their own, fetched with it so that they are in when it first shows. */
export const preloadParts = () => preloadPaletteButton();

export const Layout = ({ children }: { children: ReactNode }) => (
    <NamedProgress>
        {/* react-admin's skip link, shown on focus, wrote white on the page's light background. */}
        <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar} sx={{ '& .skip-nav-button': { color: 'primary.main' } }}>
            <DocumentTitle />
            <AfterTheLayout>
                <Suspense fallback={<PageLoading />}>
                    <ShopClockPage>{children}</ShopClockPage>
                </Suspense>
                <Footer />
            </AfterTheLayout>
        </RaLayout>
    </NamedProgress>
);

/**
 * Draws the page again when the shop's zone changes. Its times are formatted as they are drawn, and a list's
 * rows do not draw again for data that did not change; a new zone is rare (a settings save), so a fresh draw is cheap.
 */
const ShopClockPage = ({ children }: { children: ReactNode }) => <Fragment key={useShopTimeZone()}>{children}</Fragment>;

/**
 * The first page drawn a task after the layout, not in the same one: a phone's slow CPU would otherwise mount
 * react-admin's layout and the whole page in one synchronous render of most of a second, during which it answers
 * nothing. Meanwhile the page's heading stays where the first screen's frame drew it (PageLoading). The footer
 * comes with the page: drawn alone under the heading, at the screen's foot, it would be the page's largest paint
 * (Lighthouse's LCP) until the rows push it down.
 */
const AfterTheLayout = ({ children }: { children: ReactNode }) => {
    const [shown, setShown] = useState(false);
    useEffect(() => {
        const timer = setTimeout(() => setShown(true));
        return () => clearTimeout(timer);
    }, []);
    return shown ? <>{children}</> : <PageLoading />;
};
