import { createElement, useEffect, useRef } from 'react';
import ListIcon from '@mui/icons-material/ViewList';
import { useMediaQuery, type Theme } from '@mui/material';
import {
    CanAccess,
    Menu as RaMenu,
    useCreatePath,
    useGetResourceLabel,
    useResourceDefinitions,
    useSidebarState,
    useTranslate,
    type MenuProps,
} from 'react-admin';
import { useLocation } from 'react-router-dom';

import { isMenuGroup, menuEntries, type MenuLink } from './menuEntries';
import { SubMenu } from './SubMenu';

/** The sidebar: Dashboard, then every entry of `menuEntries` (schema entities included) whose resource is registered. */
export const Menu = (props: MenuProps) => {
    const resources = useResourceDefinitions();
    const translate = useTranslate();
    const createPath = useCreatePath();
    const resourceLabel = useGetResourceLabel();
    const exists = (link: MenuLink) => resources[link.resource] != null;

    // On a small screen the menu covers the page: close it once a choice has taken the user elsewhere.
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'), { noSsr: true });
    const [, setOpen] = useSidebarState();
    const { pathname } = useLocation();
    const shownAt = useRef(pathname);
    useEffect(() => {
        if (shownAt.current === pathname) return;
        shownAt.current = pathname;
        if (isSmall) setOpen(false);
    }, [isSmall, pathname, setOpen]);

    // A role that may not list a resource does not see it in the menu (the API would refuse it anyway).
    const renderLink = (link: MenuLink) => (
        <CanAccess key={link.resource} action="list" resource={link.resource}>
            <RaMenu.Item
                to={createPath({ resource: link.resource, type: 'list' })}
                state={{ _scrollToTop: true }}
                primaryText={link.label ? translate(link.label) : resourceLabel(link.resource, 2)}
                leftIcon={createElement(resources[link.resource].icon ?? ListIcon)}
            />
        </CanAccess>
    );

    // In a navigation landmark, named, so that a screen reader can go straight to it.
    return (
        <nav aria-label={translate('app.menu.label')}>
            <RaMenu {...props}>
                <RaMenu.DashboardItem />
                {menuEntries.map(entry => {
                    if (!isMenuGroup(entry)) return exists(entry) ? renderLink(entry) : null;
                    const links = entry.links.filter(exists);
                    return links.length > 0 ? (
                        <SubMenu key={entry.label} label={entry.label} icon={entry.icon}>
                            {links.map(renderLink)}
                        </SubMenu>
                    ) : null;
                })}
            </RaMenu>
        </nav>
    );
};
