import { defineEntity } from './types';

export const banners = defineEntity({
    name: 'banners',
    table: 'banners',
    noun: ['banner', 'banners'],
    tag: 'Banners',
    // The legacy client spells the list 'Baanner' and the toggle 'baanners'.
    paths: {
        list: '/Baanner',
        item: '/Baanner/:id',
        create: '/Baanner',
        update: '/Baanner/:id',
        toggle: '/baanners/:id/toggle-status',
        remove: '/Baanner/:id',
    },
    fields: {
        name: { type: 'text', required: true, max: 120, message: 'Please enter the banner name' },
        // Plain text: the storefront shows it as written.
        description: { type: 'longText', required: true, max: 2000, message: 'Please enter the banner description', truncateWords: 30 },
        image: { type: 'image' },
    },
    list: {
        search: ['name', 'description'],
        sort: ['id', 'name', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
        columns: ['id', 'image', 'name', 'description', 'status'],
    },
    messages: {
        created: 'Banner added successfully',
        updated: 'Banner updated successfully',
        toggled: 'Banner status toggled successfully',
        deleted: 'Banner deleted successfully',
        notFound: 'Banner not found',
    },
    representation: 'name',
    icon: 'ViewCarousel',
    ui: { confirmToggle: true, toggleServerMessage: true },
});
