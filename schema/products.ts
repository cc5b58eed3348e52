import type { EntitySchema } from './types';

export const products: EntitySchema = {
    name: 'products',
    table: 'products',
    noun: ['product', 'products'],
    tag: 'Products',
    paths: {
        list: '/products',
        item: '/products/:id',
        create: '/products',
        update: '/products/:id',
        toggle: '/products/toggleProductStatus/:id',
        remove: '/products/:id',
    },
    toggleKey: 'newStatus',
    fields: {
        name: { type: 'text', required: true, max: 200, message: 'Please enter the product name' },
        description: { type: 'longText', required: true, max: 5000, message: 'Please enter the product description' },
        categoryId: { type: 'reference', reference: 'categories', required: true, display: { as: 'categoryName', field: 'name' } },
        subcategoryId: {
            type: 'reference',
            reference: 'subcategories',
            required: true,
            within: 'categoryId',
            display: { as: 'subcategoryName', field: 'name' },
        },
        attributeId: { type: 'reference', reference: 'attribute', required: true },
        gstId: { type: 'reference', reference: 'gst', required: true },
        price: { type: 'money', required: true, max: 1_000_000, label: 'price', description: 'Rupees with paise, e.g. 120.50' },
        image: { type: 'image' },
        images: { type: 'gallery', gallery: { table: 'productImages', key: 'productId', removeField: 'removeImages', max: 10 } },
        createdId: { type: 'integer', ignored: 'Sent by the older edit screen and ignored: the signed-in user is recorded as createdBy' },
    },
    createdBy: true,
    unique: [{ fields: ['subcategoryId', 'name'], message: 'This subcategory already has a product with this name' }],
    list: {
        search: ['name', 'description'],
        sort: ['id', 'name', 'price', 'status', 'createdAt'],
        filters: ['categoryId', 'subcategoryId', 'attributeId', 'gstId', 'status'],
        columns: ['id', 'image', 'name', 'categoryName', 'subcategoryName', 'price', 'gstId', 'status'],
        // Spec §9: the product table shows 100 rows a page.
        perPage: 100,
    },
    messages: {
        created: 'Product added successfully',
        updated: 'Product updated successfully',
        toggled: 'Product status toggled successfully',
        notFound: 'Product not found',
        deleted: 'Product deleted successfully',
    },
    representation: 'name',
    icon: 'Inventory2',
};
