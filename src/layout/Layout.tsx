import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';

import { AppBar } from './AppBar';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

export const Layout = ({ children }: { children: ReactNode }) => (
    <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar}>
        <DocumentTitle />
        {children}
        <Footer />
    </RaLayout>
);
