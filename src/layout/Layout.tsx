import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';

import { AppBar } from './AppBar';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

export const Layout = ({ children }: { children: ReactNode }) => (
    // react-admin's skip link, shown on focus, wrote white on the page's light background.
    <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar} sx={{ '& .skip-nav-button': { color: 'primary.main' } }}>
        <DocumentTitle />
        {children}
        <Footer />
    </RaLayout>
);
