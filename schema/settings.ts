import type { EntitySchema } from './types';

const social = (network: string) => ({ type: 'url' as const, message: `Please enter the ${network} page as an http(s) link` });

/** The site's identity (spec §3 Setting): one row is active, and the storefront and contact page read it. */
export const settings: EntitySchema = {
    name: 'settings',
    table: 'settings',
    noun: ['settings row', 'settings rows'],
    tag: 'Settings',
    paths: { list: '/settings', item: '/settings/:id', create: '/settings', update: '/settings/:id', toggle: '/settings/:id/toggle' },
    envelope: 'data',
    fields: {
        website: { type: 'url', required: true, message: 'Please enter the website address as an http(s) link' },
        logo: { type: 'image' },
        contact: { type: 'phone', message: 'Please enter a valid contact number (10-15 digits).' },
        email: { type: 'email', message: 'Please enter a valid email address.' },
        address: { type: 'longText', max: 500 },
        hours: { type: 'text', max: 120 },
        facebook: social('Facebook'),
        youtube: social('YouTube'),
        instagram: social('Instagram'),
        linkedin: social('LinkedIn'),
        twitter: social('Twitter'),
        googlemap: { type: 'url', message: 'Please enter the Google Maps link or embed address as an http(s) link' },
        metakey: { type: 'text', max: 255 },
        keywords: { type: 'text', max: 500 },
        description: { type: 'longText', max: 2000 },
        lowStockAt: {
            type: 'integer',
            min: 0,
            max: 100_000,
            label: 'low stock at',
            message: 'Please enter the low-stock level as a whole number from 0',
            description: 'A product counts as low on stock at or below this many units (5 when left empty)',
        },
    },
    singleActive: true,
    // Switching rows changes what the storefront and contact page show: ask first.
    ui: { confirmToggle: true },
    // The spec leaves /Setting unguarded; it is the administrator's alone.
    access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin', toggle: 'admin' },
    list: {
        search: ['website', 'email', 'contact'],
        sort: ['id', 'website', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
        columns: ['id', 'logo', 'website', 'contact', 'email', 'status'],
    },
    messages: {
        created: 'Settings added successfully',
        updated: 'Settings updated successfully',
        toggled: 'Settings status toggled successfully',
        notFound: 'Settings not found',
    },
    representation: 'website',
    icon: 'Settings',
};
