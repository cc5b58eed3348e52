import type { ComponentType } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';

/** A link to a resource's list; shown only once that resource is registered. */
export interface MenuLink {
    resource: string;
    label: string;
}

/** A collapsible group; shown only when at least one of its links is. */
export interface MenuGroup {
    label: string;
    icon: ComponentType;
    links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry;

/** The sidebar of spec §2, below Dashboard. Labels are i18n keys; icons of links come from the resource. */
export const menuEntries: MenuEntry[] = [
    {
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
        label: 'app.menu.setting_group',
        icon: SettingsIcon,
        links: [
            { resource: 'settings', label: 'app.menu.setting' },
            { resource: 'pagecontent', label: 'app.menu.manage_page' },
        ],
    },
    { resource: 'videos', label: 'app.menu.add_video' },
    {
        label: 'app.menu.user_management',
        icon: PeopleIcon,
        links: [
            { resource: 'users', label: 'app.menu.user_list' },
            { resource: 'activity', label: 'app.menu.activity' },
        ],
    },
    {
        label: 'app.menu.order_management',
        icon: ReceiptLongIcon,
        links: [{ resource: 'orders', label: 'app.menu.order_list' }],
    },
];
