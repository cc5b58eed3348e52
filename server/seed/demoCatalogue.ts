import type { Shape } from './tiles';

// A small Indian grocery shop, as data. Prices and charges are rupees as written on a shelf label.

interface DemoCategory {
    name: string;
    description: string;
    /** The colour and shape of its pictures. */
    hue: number;
    shape: Shape;
    subcategories: Array<[name: string, shape: Shape]>;
}

export const categories: DemoCategory[] = [
    {
        name: 'Fruits & Vegetables',
        description: 'Fresh seasonal produce sourced daily from local farms',
        hue: 110,
        shape: 'circle',
        subcategories: [['Fresh Fruits', 'circle'], ['Fresh Vegetables', 'diamond'], ['Leafy Vegetables', 'pill']],
    },
    {
        name: 'Dairy & Bakery',
        description: 'Milk, curd, paneer, butter, bread and fresh bakes',
        hue: 205,
        shape: 'ring',
        subcategories: [['Milk & Curd', 'ring'], ['Paneer & Butter', 'square'], ['Breads', 'pill']],
    },
    {
        name: 'Staples',
        description: 'Atta, rice, dals, pulses, edible oils and masalas',
        hue: 38,
        shape: 'square',
        subcategories: [['Atta & Flours', 'square'], ['Rice', 'pill'], ['Dals & Pulses', 'circle'], ['Edible Oils', 'ring']],
    },
    {
        name: 'Snacks & Beverages',
        description: 'Namkeen, biscuits, tea, coffee and juices',
        hue: 12,
        shape: 'diamond',
        subcategories: [['Tea & Coffee', 'ring'], ['Namkeen', 'diamond'], ['Biscuits', 'circle']],
    },
    {
        name: 'Personal Care',
        description: 'Soaps, shampoos, oral care and skin care',
        hue: 285,
        shape: 'pill',
        subcategories: [['Bath & Soaps', 'pill'], ['Oral Care', 'square']],
    },
];

export const attributes: Array<[name: string, value: string]> = [
    ['Weight', '1 kg'],
    ['Weight', '5 kg'],
    ['Pack', '500 g'],
    ['Pack', '250 g'],
    ['Pack', '200 g'],
    ['Pack', '100 g'],
    ['Volume', '1 L'],
    ['Volume', '500 ml'],
    ['Count', 'Pack of 6'],
    ['Count', 'Pack of 3'],
];

/**
 * The GST rates since the reform of 22 September 2025, each row the whole rate (IGST; invoices split it into CGST and
 * SGST within the shop's state). The demo's goods take the rates the law gives them.
 */
export const gstRates: Array<[type: 'CGST' | 'SGST' | 'IGST', percent: string, description: string]> = [
    ['IGST', '0', 'Nil / exempt: fresh fruit and vegetables, fresh milk, paneer, bread'],
    ['IGST', '5', '5% (merit rate): atta, rice, dals, tea, coffee, edible oils, butter, namkeen, biscuits, soaps, toothpaste'],
    ['IGST', '18', '18% (standard rate): most other goods and services'],
    ['IGST', '40', '40% (demerit rate): aerated and sugared drinks, luxury goods'],
    ['IGST', '3', '3% (special rate): gold, silver and jewellery'],
    ['IGST', '0.25', '0.25% (special rate): rough precious and semi-precious stones'],
];

/** Name, subcategory, attribute (`name value`), whole GST percent, price, description, HSN code, extra gallery pictures. */
type DemoProduct = [name: string, subcategory: string, attribute: string, gst: string, price: string, description: string, hsn: string, gallery?: number];

export const products: DemoProduct[] = [
    ['Shimla Apples 1 kg', 'Fresh Fruits', 'Weight 1 kg', '0', '189.00', 'Crisp, sweet red apples from Himachal orchards', '08081000', 2],
    ['Robusta Bananas', 'Fresh Fruits', 'Count Pack of 6', '0', '48.00', 'Ripe yellow bananas, naturally sweet', '08039010'],
    ['Tomatoes', 'Fresh Vegetables', 'Weight 1 kg', '0', '36.00', 'Firm, juicy farm tomatoes for curries and salads, weighed out', '07020000'],
    ['Onions', 'Fresh Vegetables', 'Weight 1 kg', '0', '42.50', 'Medium red onions from Nashik, weighed out', '07031010'],
    ['Spinach (Palak)', 'Leafy Vegetables', 'Pack 250 g', '0', '25.00', 'Tender spinach leaves, washed and bunched', '07097000'],
    ['Coriander Leaves', 'Leafy Vegetables', 'Pack 100 g', '0', '12.00', 'Fragrant fresh coriander for garnishing', '07099990'],
    ['Toned Milk', 'Milk & Curd', 'Volume 500 ml', '0', '27.00', 'Pasteurised toned milk, 3% fat', '04011000'],
    ['Fresh Curd', 'Milk & Curd', 'Pack 500 g', '5', '45.00', 'Thick set curd made from toned milk', '04039010'],
    ['Malai Paneer', 'Paneer & Butter', 'Pack 200 g', '0', '95.00', 'Soft fresh paneer for tikka and curries', '04061000'],
    ['Salted Butter', 'Paneer & Butter', 'Pack 100 g', '5', '58.00', 'Creamy table butter with a pinch of salt', '04051000'],
    ['Whole Wheat Bread', 'Breads', 'Pack 500 g', '0', '50.00', 'Soft sandwich loaf baked with whole wheat flour', '19059010'],
    ['Whole Wheat Atta 5 kg', 'Atta & Flours', 'Weight 5 kg', '5', '285.00', 'Stone-ground whole wheat flour for soft rotis', '11010000', 2],
    ['Besan (Gram Flour)', 'Atta & Flours', 'Pack 500 g', '5', '62.50', 'Finely milled chana dal flour for pakoras and ladoos', '11061010'],
    ['Basmati Rice 1 kg', 'Rice', 'Weight 1 kg', '5', '159.00', 'Aged long-grain basmati with a fine aroma', '10063020'],
    ['Sona Masoori Rice 5 kg', 'Rice', 'Weight 5 kg', '5', '349.00', 'Light, everyday rice from Andhra and Karnataka', '10063090'],
    ['Toor Dal 1 kg', 'Dals & Pulses', 'Weight 1 kg', '5', '168.00', 'Unpolished arhar dal for sambar and dal tadka', '07136000'],
    ['Moong Dal', 'Dals & Pulses', 'Pack 500 g', '5', '82.00', 'Split yellow moong, quick to cook', '07133100'],
    ['Cold Pressed Groundnut Oil 1 L', 'Edible Oils', 'Volume 1 L', '5', '245.00', 'Wood-pressed groundnut oil with a nutty taste', '15081000'],
    ['Assam Tea', 'Tea & Coffee', 'Pack 250 g', '5', '140.00', 'Strong CTC tea for a malty morning chai', '09024020'],
    ['Filter Coffee Powder', 'Tea & Coffee', 'Pack 200 g', '5', '120.50', 'Coffee and chicory blend for South Indian filter coffee', '09012110'],
    ['Aloo Bhujia', 'Namkeen', 'Pack 200 g', '5', '55.00', 'Crunchy spiced potato and besan sev', '21069099'],
    ['Marie Biscuits', 'Biscuits', 'Count Pack of 6', '5', '60.00', 'Light tea-time biscuits, six small packs', '19053100'],
    ['Neem Bathing Soap', 'Bath & Soaps', 'Count Pack of 3', '5', '135.00', 'Neem and tulsi soap bars, 125 g each', '34011190'],
    ['Herbal Toothpaste', 'Oral Care', 'Pack 200 g', '5', '89.00', 'Clove and mint toothpaste for everyday care', '33061020'],
];

/** The products sold loose by the kilogram (their price is a kilogram's): the step and minimum a customer buys, in thousandths of a kg. */
export const loose = new Map([
    ['Tomatoes', { step: 250, minimum: 500 }],
    ['Onions', { step: 500, minimum: 500 }],
]);

/** Products sold in more than one pack: the product's own pack, then each other pack with its price (demo.ts adds them as its variants). */
export const packs = new Map<string, { option: string; others: Array<[option: string, price: string]> }>([
    ['Moong Dal', { option: '500 g', others: [['1 kg', '159.00']] }],
    ['Assam Tea', { option: '250 g', others: [['500 g', '270.00'], ['1 kg', '520.00']] }],
]);

/** Delivery charges by pincode (central areas cost less to reach), and the state each is in: the place of supply. */
export const pincodes: Array<[pincode: string, charge: string, state: string]> = [
    ['560001', '0', 'Karnataka'], // Bengaluru, MG Road
    ['560034', '25.00', 'Karnataka'], // Bengaluru, Koramangala
    ['560066', '40.00', 'Karnataka'], // Bengaluru, Whitefield
    ['400001', '49.00', 'Maharashtra'], // Mumbai, Fort
    ['400050', '39.00', 'Maharashtra'], // Mumbai, Bandra West
    ['110001', '45.00', 'Delhi'], // New Delhi, Connaught Place
    ['110017', '35.00', 'Delhi'], // New Delhi, Malviya Nagar
    ['600001', '30.00', 'Tamil Nadu'], // Chennai, Parrys
    ['500001', '30.00', 'Telangana'], // Hyderabad, Abids
    ['411001', '30.50', 'Maharashtra'], // Pune, Camp
];
