import { UNITS } from './measure';
import { defineEntity } from './types';

export const products = defineEntity({
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
        // The single attribute of the legacy calls; a product now carries a set of them (attributeIds).
        attributeId: { type: 'reference', reference: 'attribute', description: 'One attribute, as the older clients send it; attributeIds holds them all' },
        attributeIds: {
            type: 'referenceMany',
            reference: 'attribute',
            through: { table: 'productAttributes', key: 'productId', ref: 'attributeId' },
            max: 50,
            label: 'attributes',
            description: 'The attribute values the product carries (Brand: Aashirvaad, Pack: 1 kg, Diet: Veg), by id; left out on an update, they stay as they are',
        },
        gstId: { type: 'reference', reference: 'gst', required: true },
        price: {
            type: 'money',
            required: true,
            max: 1_000_000,
            label: 'price',
            description: 'Rupees with paise, e.g. 120.50; at most the MRP when the product has one',
            notAbove: { field: 'mrp', message: 'The price cannot be more than the MRP' },
            unitField: 'unit',
        },
        // Packaged goods carry a maximum retail price: the shop sells at or below it, and the screens show the saving.
        mrp: { type: 'money', max: 1_000_000, label: 'MRP', description: 'The maximum retail price printed on the pack, in rupees with paise; empty for none' },
        // Loose goods (rice, dal, tomatoes) are sold by the kilogram or litre: the price is a unit's, the stock and an
        // order's quantity are in that unit with up to 3 decimals (schema/measure.ts), bought in steps from a minimum.
        unit: {
            type: 'enum',
            choices: UNITS,
            default: 'NOS',
            label: 'sold by',
            description: 'NOS: by the piece; KGS: by the kilogram; LTR: by the litre (the GST units of quantity). The price is per piece, kg or litre',
        },
        step: {
            type: 'quantity',
            max: 100,
            label: 'step',
            unitField: 'unit',
            message: 'Please enter the step as a quantity above 0 with at most 3 decimals, e.g. 0.25',
            description: 'Loose goods: the quantity a customer adds at a time, in the unit (0.25 kg); empty for 0.001',
        },
        minimum: {
            type: 'quantity',
            max: 100,
            label: 'minimum',
            unitField: 'unit',
            message: 'Please enter the minimum as a quantity above 0 with at most 3 decimals, e.g. 0.5',
            description: 'Loose goods: the least a customer may order, in the unit (0.5 kg); empty for one step',
        },
        stock: {
            type: 'quantity',
            max: 1_000_000,
            changedElsewhere: true,
            unitField: 'unit',
            message: 'Please enter the stock as a number from 0, whole for goods sold by the piece',
            description: 'Pieces, kilograms or litres on the shelf (0.001 at the finest for loose goods); empty means stock is not tracked',
        },
        sku: { type: 'text', max: 64, pattern: '^\\s*[A-Za-z0-9._/-]*\\s*$', label: 'SKU', message: 'Please enter an SKU of letters, digits and . _ / -', unique: 'Another product already has this SKU' },
        barcode: { type: 'text', max: 32, pattern: '^\\s*[0-9A-Za-z-]*\\s*$', message: 'Please enter the barcode as letters and digits' },
        hsn: { type: 'text', max: 8, pattern: '^([0-9]{4}|[0-9]{6}|[0-9]{8})?$', label: 'HSN code', message: 'Please enter the HSN code as 4, 6 or 8 digits', description: 'The goods code printed beside the product on tax invoices' },
        image: { type: 'image' },
        // Required with a picture, which the schema cannot say: productHooks refuses a main picture without it.
        imageAlt: { type: 'text', max: 250, description: 'The main picture described in a few words, read aloud in its place (its alt text)' },
        images: { type: 'gallery', gallery: { table: 'productImages', key: 'productId', removeField: 'removeImages', max: 10, main: 'image' } },
        // Pack sizes (schema/types.ts `variants`): the product's other variants name its first in parentId.
        parentId: {
            type: 'reference',
            reference: 'products',
            label: 'variant of',
            description: 'Set on a variant: the product (its first variant) whose name, description, category, tax and gallery it shares. Empty on a product; fixed once created',
        },
        option: {
            type: 'text',
            max: 60,
            default: '',
            label: 'option',
            message: 'Please name the variant by its pack size or option, e.g. 1 kg',
            description: "What sets this variant apart from the product's others: its pack size or option values (500 g, 1 kg, Red); empty for a product sold one way",
        },
        position: {
            type: 'integer',
            readOnly: true,
            description: "The variant's place among its product's: 1 for the product's own row (the one its list shows and the legacy calls read), then 2, 3…: a new variant goes last, and PUT …/variants/order changes the order",
        },
        weight: { type: 'integer', min: 0, max: 1_000_000, label: 'weight (g)', message: 'Please enter the weight in whole grams', description: 'The packed weight in grams, for delivery; empty when not known' },
        createdId: { type: 'integer', ignored: 'Sent by the older edit screen and ignored: the signed-in user is recorded as createdBy' },
    },
    createdBy: true,
    // A product's variants share its name; each names its own option.
    unique: [{ fields: ['subcategoryId', 'option', 'name'], message: 'This subcategory already has a product with this name' }],
    variants: {
        parent: 'parentId',
        option: 'option',
        position: 'position',
        shared: ['name', 'description', 'categoryId', 'subcategoryId', 'gstId', 'hsn'],
        columns: ['image', 'option', 'sku', 'price', 'stock', 'status'],
    },
    list: {
        search: ['name', 'description'],
        // Each with its index: a catalogue is the big table, and integrators sync it by updatedAt.
        sort: ['id', 'name', 'price', 'stock', 'status', 'createdAt', 'updatedAt', 'sku'],
        // `position=1`: one row per product (its first variant); `parentId`: a product's other variants.
        filters: ['categoryId', 'subcategoryId', 'attributeId', 'attributeIds', 'gstId', 'status', 'parentId', 'position'],
        // Low stock: `stock_lte` with the shop's low-stock level (settings).
        atMost: ['stock'],
        // The MRP shows in the price's cell, with the saving: one column fewer, so the list fits a laptop in Hindi too.
        columns: ['id', 'image', 'name', 'categoryName', 'subcategoryName', 'attributeIds', 'price', 'stock', 'gstId', 'status'],
        // The ID gives its room to the toggle that opens a product's variants, so the list still fits 1366 px.
        hidden: ['id'],
        // The product table shows 100 rows a page: a shop's whole catalogue, or most of it, without paging.
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
    import: true,
    importKey: 'sku',
    // The morning's prices and stock counts, many products in one save (src/resources/products/BulkEdit.tsx).
    ui: { listLinks: [{ path: '/products/bulk-edit', label: 'resources.products.bulk_edit.button' }] },
});
