/**
 * The old app's guarded routes (spec §2) and the react-admin screen that replaced each.
 * Matching is case-insensitive, so `/AddCategoryForm` is covered too.
 */
export const legacyRedirects: { from: string; to: string }[] = [
    { from: '/layout', to: '/' },
    { from: '/dashboard', to: '/' },
    { from: '/leftpanel', to: '/' },
    { from: '/header', to: '/' },
    { from: '/footer', to: '/' },
    { from: '/addcategoryform', to: '/categories' },
];
