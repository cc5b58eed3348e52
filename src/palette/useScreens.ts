import { useCanAccessResources, useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin';

import { isMenuGroup, menuEntries, type MenuLink } from '../layout/menuEntries';

export interface Screen {
    resource: string;
    label: string;
}

const links: MenuLink[] = menuEntries.flatMap(entry => (isMenuGroup(entry) ? entry.links : [entry]));

/** The menu's screens the role may open whose name (as the menu says it, in the current language) holds the query. */
export function useScreens(query: string): Screen[] {
    const translate = useTranslate();
    const resourceLabel = useGetResourceLabel();
    const definitions = useResourceDefinitions();
    const registered = links.filter(link => definitions[link.resource] != null);
    const { canAccess } = useCanAccessResources({ action: 'list', resources: registered.map(link => link.resource) });
    const q = query.trim().toLocaleLowerCase();
    if (!q || !canAccess) return [];
    return registered
        .filter(link => canAccess[link.resource])
        .map(link => ({ resource: link.resource, label: link.label ? translate(link.label) : resourceLabel(link.resource, 2) }))
        .filter(screen => screen.label.toLocaleLowerCase().includes(q) || screen.resource.includes(q))
        .slice(0, 5);
}
