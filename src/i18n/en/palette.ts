/** The command palette (Ctrl/Cmd+K): find a product, category, order, user or screen. */
export default {
    open: 'Search the shop (Ctrl+K)',
    title: 'Search the shop',
    placeholder: 'Products, categories, orders, users, screens…',
    hint: 'Type at least 2 characters, or an attribute as “Brand: Aashirvaad”. ↑ ↓ to move, Enter to open, Esc to close.',
    searching: 'Searching…',
    none: 'Nothing found for “%{query}”',
    found: '%{smart_count} result |||| %{smart_count} results',
    failed: 'The search did not answer: %{reason}',
    close: 'Close',
    kinds: {
        screens: 'Screens',
        products: 'Products',
        categories: 'Categories',
        subcategories: 'Subcategories',
        orders: 'Orders',
        users: 'Users',
    },
    roles: { Admin: 'Admin', Seller: 'Seller', Customer: 'Customer' },
    inactive: 'Inactive',
};
