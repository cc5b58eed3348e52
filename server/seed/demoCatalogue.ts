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

/** The GST slabs: IGST for sales across states, CGST and SGST halves within one. */
export const gstRates: Array<[type: 'CGST' | 'SGST' | 'IGST', percent: string, description: string]> = [
    ['IGST', '0', 'Nil-rated: fresh fruit and vegetables, milk, bread'],
    ['IGST', '5', '5% slab: atta, rice, dals, tea, edible oils, paneer'],
    ['CGST', '2.5', 'Central share of the 5% slab'],
    ['SGST', '2.5', 'State share of the 5% slab'],
    ['IGST', '12', '12% slab: butter, namkeen'],
    ['CGST', '6', 'Central share of the 12% slab'],
    ['SGST', '6', 'State share of the 12% slab'],
    ['IGST', '18', '18% slab: biscuits, soaps, toothpaste'],
    ['CGST', '9', 'Central share of the 18% slab'],
    ['SGST', '9', 'State share of the 18% slab'],
];

/** Name, subcategory, attribute (`name value`), IGST percent of its slab, price, description, extra gallery pictures. */
type DemoProduct = [name: string, subcategory: string, attribute: string, gst: string, price: string, description: string, gallery?: number];

export const products: DemoProduct[] = [
    ['Shimla Apples 1 kg', 'Fresh Fruits', 'Weight 1 kg', '0', '189.00', 'Crisp, sweet red apples from Himachal orchards', 2],
    ['Robusta Bananas', 'Fresh Fruits', 'Count Pack of 6', '0', '48.00', 'Ripe yellow bananas, naturally sweet'],
    ['Tomatoes 1 kg', 'Fresh Vegetables', 'Weight 1 kg', '0', '36.00', 'Firm, juicy farm tomatoes for curries and salads'],
    ['Onions 1 kg', 'Fresh Vegetables', 'Weight 1 kg', '0', '42.50', 'Medium red onions from Nashik'],
    ['Spinach (Palak)', 'Leafy Vegetables', 'Pack 250 g', '0', '25.00', 'Tender spinach leaves, washed and bunched'],
    ['Coriander Leaves', 'Leafy Vegetables', 'Pack 100 g', '0', '12.00', 'Fragrant fresh coriander for garnishing'],
    ['Toned Milk', 'Milk & Curd', 'Volume 500 ml', '0', '27.00', 'Pasteurised toned milk, 3% fat'],
    ['Fresh Curd', 'Milk & Curd', 'Pack 500 g', '5', '45.00', 'Thick set curd made from toned milk'],
    ['Malai Paneer', 'Paneer & Butter', 'Pack 200 g', '5', '95.00', 'Soft fresh paneer for tikka and curries'],
    ['Salted Butter', 'Paneer & Butter', 'Pack 100 g', '12', '58.00', 'Creamy table butter with a pinch of salt'],
    ['Whole Wheat Bread', 'Breads', 'Pack 500 g', '0', '50.00', 'Soft sandwich loaf baked with whole wheat flour'],
    ['Whole Wheat Atta 5 kg', 'Atta & Flours', 'Weight 5 kg', '5', '285.00', 'Stone-ground whole wheat flour for soft rotis', 2],
    ['Besan (Gram Flour)', 'Atta & Flours', 'Pack 500 g', '5', '62.50', 'Finely milled chana dal flour for pakoras and ladoos'],
    ['Basmati Rice 1 kg', 'Rice', 'Weight 1 kg', '5', '159.00', 'Aged long-grain basmati with a fine aroma'],
    ['Sona Masoori Rice 5 kg', 'Rice', 'Weight 5 kg', '5', '349.00', 'Light, everyday rice from Andhra and Karnataka'],
    ['Toor Dal 1 kg', 'Dals & Pulses', 'Weight 1 kg', '5', '168.00', 'Unpolished arhar dal for sambar and dal tadka'],
    ['Moong Dal', 'Dals & Pulses', 'Pack 500 g', '5', '82.00', 'Split yellow moong, quick to cook'],
    ['Cold Pressed Groundnut Oil 1 L', 'Edible Oils', 'Volume 1 L', '5', '245.00', 'Wood-pressed groundnut oil with a nutty taste'],
    ['Assam Tea', 'Tea & Coffee', 'Pack 250 g', '5', '140.00', 'Strong CTC tea for a malty morning chai'],
    ['Filter Coffee Powder', 'Tea & Coffee', 'Pack 200 g', '5', '120.50', 'Coffee and chicory blend for South Indian filter coffee'],
    ['Aloo Bhujia', 'Namkeen', 'Pack 200 g', '12', '55.00', 'Crunchy spiced potato and besan sev'],
    ['Marie Biscuits', 'Biscuits', 'Count Pack of 6', '18', '60.00', 'Light tea-time biscuits, six small packs'],
    ['Neem Bathing Soap', 'Bath & Soaps', 'Count Pack of 3', '18', '135.00', 'Neem and tulsi soap bars, 125 g each'],
    ['Herbal Toothpaste', 'Oral Care', 'Pack 200 g', '18', '89.00', 'Clove and mint toothpaste for everyday care'],
];

/** Delivery charges by pincode: central areas cost less to reach. */
export const pincodes: Array<[pincode: string, charge: string]> = [
    ['560001', '0'], // Bengaluru, MG Road
    ['560034', '25.00'], // Bengaluru, Koramangala
    ['560066', '40.00'], // Bengaluru, Whitefield
    ['400001', '49.00'], // Mumbai, Fort
    ['400050', '39.00'], // Mumbai, Bandra West
    ['110001', '45.00'], // New Delhi, Connaught Place
    ['110017', '35.00'], // New Delhi, Malviya Nagar
    ['600001', '30.00'], // Chennai, Parrys
    ['500001', '30.00'], // Hyderabad, Abids
    ['411001', '30.50'], // Pune, Camp
];
