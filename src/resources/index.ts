import type { ResourceProps } from 'react-admin';

import { entities } from '../../schema';
import type { ComponentType } from 'react';

import { lazyView, type LazyView } from '../common/lazyView';
import { schemaResource, type ResourceOverrides } from '../crud/schemaResource';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import WebhookIcon from '@mui/icons-material/Webhook';
import AssessmentIcon from '@mui/icons-material/Assessment';
import StorefrontIcon from '@mui/icons-material/Storefront';

/** A folder's views, each fetched when first shown (the product form carries the rich-text editor and the gallery). */
const lazyOverrides = (load: () => Promise<{ default: ResourceOverrides }>, views: Array<'list' | 'create' | 'edit'>): ResourceOverrides =>
    Object.fromEntries(views.map(view => [view, lazyView(() => load().then(module => module.default[view] as ComponentType))]));

/** Views a resource folder replaces; every other view of a schema entity is generated. */
const overrides: Record<string, ResourceOverrides> = {
    products: lazyOverrides(() => import('./products'), ['create', 'edit']),
    activity: lazyOverrides(() => import('./activity'), ['list']),
    pincode: lazyOverrides(() => import('./pincode'), ['create', 'edit']),
};

type Views = Omit<ResourceProps, 'name'>;

/**
 * A hand-written resource whose views are fetched when first shown. The menu needs the icon and the
 * representation at once, so they are said here again (they must match the folder's index.ts).
 */
const lazyResource = (load: () => Promise<{ default: Views }>, views: Array<'list' | 'show' | 'create' | 'edit'>, eager: Pick<Views, 'icon' | 'recordRepresentation'>): Views => ({
    ...Object.fromEntries(views.map(view => [view, lazyView(() => load().then(module => module.default[view] as ComponentType))])),
    ...eager,
});

/** Resources that have no schema: hand-written from end to end. */
const unschemed: Record<string, Views> = {
    users: lazyResource(() => import('./users'), ['list', 'show'], { icon: PeopleIcon, recordRepresentation: 'name' }),
    contacts: lazyResource(() => import('./contacts'), ['list'], { icon: MailIcon, recordRepresentation: 'name' }),
    videos: lazyResource(() => import('./videos'), ['list'], { icon: VideoLibraryIcon, recordRepresentation: 'filename' }),
    orders: lazyResource(() => import('./orders'), ['list', 'show', 'create'], {
        icon: ReceiptLongIcon,
        recordRepresentation: (order: { id: number }) => `#${order.id}`,
    }),
    customers: lazyResource(() => import('./customers'), ['list', 'show'], { icon: StorefrontIcon, recordRepresentation: 'name' }),
    webhooks: lazyResource(() => import('./webhooks'), ['list', 'create', 'edit', 'show'], { icon: WebhookIcon, recordRepresentation: 'url' }),
    reports: lazyResource(() => import('./reports'), ['list'], { icon: AssessmentIcon }),
};

/** Every screen of the app by resource name, the name its endpoint map entry and menu entry use. */
export const resources: Record<string, Omit<ResourceProps, 'name'>> = {
    ...Object.fromEntries(entities.map(entity => [entity.name, schemaResource(entity, overrides[entity.name])])),
    ...unschemed,
};

/**
 * Starts fetching the list a path opens (`/products`), so that its chunk comes in while the app starts and
 * checks the session instead of after; other paths are left to their views. Resolves once it is in (or failed).
 */
export function preloadList(pathname: string): Promise<unknown> {
    const [, name, ...rest] = pathname.split('/');
    if (!name || rest.length || !Object.hasOwn(resources, name)) return Promise.resolve();
    const list = resources[name].list as Partial<LazyView<object>> | undefined;
    return list?.preload?.() ?? Promise.resolve();
}
