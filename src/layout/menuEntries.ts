import type { ComponentType } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';

import { entities } from '../../schema';
import type { EntitySchema, MenuGroupName } from '../../schema/types';

/** A link to a resource's list; shown only once that resource is registered. */
export interface MenuLink {
    resource: string;
    /** An i18n key; the resource's plural name (`resources.<name>.name`) when left out. */
    label?: string;
}

/** A collapsible group; shown only when at least one of its links is. */
export interface MenuGroup {
    /** What a schema's `menu` calls the group. */
    name: MenuGroupName;
    label: string;
    icon: ComponentType;
    links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry;

/**
 * The legacy app's sidebar, below Dashboard, so staff find each screen where they used to. Labels are i18n keys;
 * icons of links come from the resource.
 */
const specEntries: MenuEntry[] = [
    {
        name: 'masters',
        label: 'app.menu.masters',
        icon: TuneIcon,
        links: [
            { resource: 'categories', label: 'app.menu.add_category' },
            { resource: 'subcategories', label: 'app.menu.add_subcategory' },
            { resource: 'attribute', label: 'app.menu.add_attribute' },
            { resource: 'pagecategories', label: 'app.menu.page_category' },
            { resource: 'gst', label: 'app.menu.gst' },
            { resource: 'pincode', label: 'app.menu.pincode' },
        ],
    },
    { resource: 'products', label: 'app.menu.add_product' },
    { resource: 'banners', label: 'app.menu.add_banner' },
    { resource: 'coupons', label: 'app.menu.coupons' },
    {
        name: 'settings',
        label: 'app.menu.setting_group',
        icon: SettingsIcon,
        links: [
            { resource: 'settings', label: 'app.menu.setting' },
            { resource: 'pagecontent', label: 'app.menu.manage_page' },
            // Administrators only: the authProvider hides it from sellers (src/authProvider/screenAccess.ts).
            { resource: 'webhooks', label: 'resources.webhooks.menu' },
        ],
    },
    { resource: 'videos', label: 'app.menu.add_video' },
    {
        name: 'users',
        label: 'app.menu.user_management',
        icon: PeopleIcon,
        links: [
            { resource: 'users', label: 'app.menu.user_list' },
            { resource: 'activity', label: 'app.menu.activity' },
        ],
    },
    {
        name: 'orders',
        label: 'app.menu.order_management',
        icon: ReceiptLongIcon,
        links: [
            { resource: 'orders', label: 'app.menu.order_list' },
            { resource: 'customers' },
            { resource: 'reports', label: 'resources.reports.menu' },
        ],
    },
];

/**
 * `entries`, and a link to every schema entity they leave out, where its `menu` says: at the end of that group,
 * else of the top level (`menu: false`: no link). A new entity is in the sidebar without a line here.
 */
export function withSchemaEntities(entries: MenuEntry[], schemas: EntitySchema[]): MenuEntry[] {
    const linked = new Set(entries.flatMap(entry => (isMenuGroup(entry) ? entry.links : [entry]).map(link => link.resource)));
    const added = schemas.filter(schema => schema.menu !== false && !linked.has(schema.name));
    const linksTo = (group?: MenuGroupName) => added.filter(schema => schema.menu === group).map(schema => ({ resource: schema.name }));
    return [
        ...entries.map(entry => (isMenuGroup(entry) ? { ...entry, links: [...entry.links, ...linksTo(entry.name)] } : entry)),
        ...linksTo(undefined),
    ];
}

export const menuEntries: MenuEntry[] = withSchemaEntities(specEntries, entities);
