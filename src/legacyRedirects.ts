/** Where a legacy path leads: a fixed path, or one built from its query, e.g. `/editproduct?id=7` → `/products/7`. */
export type RedirectTarget = string | ((query: URLSearchParams) => string);

/** `/list/{id}` when the query names an id, else the list: the old edit screens read `?id=`. */
const editOrList =
    (list: string): RedirectTarget =>
    query => {
        const id = query.get('id');
        return id && /^\d+$/.test(id) ? `${list}/${id}` : list;
    };

/**
 * The old app's guarded routes (bookmarks and links still point at them) and the react-admin screen that replaced each.
 * Matching is case-insensitive, so `/AddCategoryForm` is covered too. `/attribute` needs no entry:
 * it is the `attribute` resource's own path.
 */
export const legacyRedirects: { from: string; to: RedirectTarget }[] = [
    { from: '/layout', to: '/' },
    { from: '/dashboard', to: '/' },
    { from: '/leftpanel', to: '/' },
    { from: '/header', to: '/' },
    { from: '/footer', to: '/' },
    { from: '/addcategoryform', to: '/categories' },
    { from: '/addsubcategoryform', to: '/subcategories' },
    { from: '/addgst', to: '/gst' },
    { from: '/editgst', to: editOrList('/gst') },
    // The old "Add Product" screen is the product screen: the table, with Create above it.
    { from: '/addproduct', to: '/products' },
    { from: '/editproduct', to: editOrList('/products') },
    { from: '/pincodemanagement', to: '/pincode' },
    { from: '/banner', to: '/banners' },
    { from: '/addpagecategory', to: '/pagecategories' },
    { from: '/coupon', to: '/coupons' },
    { from: '/setting', to: '/settings' },
    // `/ManagePage` needs no entry: it is the `managepage` resource's own path (matching ignores case).
    { from: '/listorder', to: '/orders' },
    { from: '/videouploads', to: '/videos' },
    { from: '/userlist', to: '/users' },
];
