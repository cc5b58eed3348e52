// A realistic example of each record the document names, made from the record's own JSON schema so that it never
// drifts from it: a grocer's words for the fields that have them (a product's name, a price in rupees, a pincode),
// the schema's first choice for an enum, and the type's plain value otherwise. test/server/openapi-document.test.ts
// checks with Ajv that every example is valid against its schema.

type Json = Record<string, unknown>;

/** What a grocery shop's records hold, by field name. */
const GROCER: Record<string, unknown> = {
    name: 'Shimla Apples 1 kg',
    filename: 'Mango season.mp4',
    description: 'Crisp, sweet apples from Himachal, packed fresh',
    heading: 'Ten percent off fruit',
    title: 'Delivery and returns',
    email: 'asha.sharma@example.in',
    userEmail: 'admin@freshmart.example.in',
    contactNo: '9876543210',
    phone: '9876543210',
    pincode: '560034',
    state: 'Karnataka',
    address: '12, 4th Cross, Koramangala, Bengaluru',
    customerName: 'Asha Sharma',
    businessName: 'Sharma Kirana Stores',
    gstin: '29ABCDE1234F1Z5',
    price: 189,
    mrp: 199.5,
    totalPrice: 404.2,
    prize: 25.5,
    percent: 5,
    discountValue: 10,
    minimumAmount: 500,
    stock: 24,
    sku: 'APL-SHM-1KG',
    barcode: '8901234567890',
    hsn: '0808',
    couponCode: 'FRUIT10',
    value: '1 kg',
    // A product sold one way: its own row, no parent.
    option: '1 kg',
    parentId: null,
    position: 1,
    weight: 1020,
    type: 'IGST',
    categoryName: 'Fruits & Vegetables',
    subcategoryName: 'Fresh Fruits',
    tags: 'mango,summer',
    subject: 'Sunday delivery',
    message: 'Do you deliver on Sundays?',
    startTime: '08:00',
    endTime: '10:00',
    resource: 'products',
    entity: 'products',
    action: 'update',
    ip: '203.0.113.7',
    changes: { price: { before: 78, after: 79 } },
    mimeType: 'video/mp4',
    role: 'Customer',
};

const PICTURE = 'https://shop.example.in/uploads/apples.webp';
/** Text for a field without a grocer's word: the first that its pattern and length take (a link, a phone, a code). */
const TEXTS = ['Fresh produce', 'https://freshmart.example.in/', '+91 98450 12345', 'FM1'];
const TIME = '2026-11-29T07:30:00.000Z';
const DAY = '2026-11-29';

/** What a schema takes, read as a client sends it: a form's `anyOf` of text or a number is the number. */
const PREFERRED = ['integer', 'number', 'boolean', 'array', 'object', 'string'];
const typeOf = (schema: Json): string | undefined => {
    const types = [schema.type, ...((schema.anyOf as Json[] | undefined) ?? []).map((branch) => branch.type)].flat().filter((one) => one && one !== 'null');
    return PREFERRED.find((type) => types.includes(type));
};

/** Whether `value` fits the schema's type and bounds, so a grocer's word is used only where it is valid. */
function fits(schema: Json, value: unknown): boolean {
    if (value === null) return schema.nullable === true || [schema.type, ...((schema.anyOf as Json[] | undefined) ?? []).map((branch) => branch.type)].flat().includes('null');
    const type = typeOf(schema);
    if (Array.isArray(schema.enum)) return schema.enum.includes(value);
    if (type === 'integer') return Number.isInteger(value);
    if (type === 'number') return typeof value === 'number';
    if (type === 'string') {
        if (typeof value !== 'string') return false;
        if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
        return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
    }
    if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
    return false;
}

/** The plain value of a schema without a grocer's word: its first choice, a time for a time, 1, text. */
function plain(name: string, schema: Json): unknown {
    if (Array.isArray(schema.enum)) return schema.enum.find((one) => one !== null);
    const type = typeOf(schema);
    if (type === 'integer') return typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1;
    if (type === 'number') return 1;
    if (type === 'boolean') return true;
    if (type === 'array') return schema.items ? [exampleOf(schema.items as Json, name)] : [];
    if (type === 'object') return schema.properties ? exampleOf(schema, name) : {};
    if (type === 'string') {
        if (schema.format === 'date' || /Date$|^(startDate|expiryDate|slotDate)$/.test(name)) return DAY;
        if (/At$/.test(name)) return TIME;
        if (/^(url|image|images)$|Image$/.test(name)) return PICTURE;
        return TEXTS.find((text) => fits(schema, text)) ?? TEXTS[0];
    }
    return null;
}

/** An example of one schema: a grocer's word where the field has one and it fits, else the plain value. */
export function exampleOf(schema: Json, name = ''): unknown {
    if (schema.properties) {
        const properties = schema.properties as Record<string, Json>;
        // A field the grocer's example has none of (a product's parent) is left out where its schema takes no null.
        const none = ([field, property]: [string, Json]) => GROCER[field] === null && !fits(property, null);
        return Object.fromEntries(Object.entries(properties).filter((entry) => !none(entry)).map(([field, property]) => [field, exampleOf(property, field)]));
    }
    return name in GROCER && fits(schema, GROCER[name]) ? GROCER[name] : plain(name, schema);
}
