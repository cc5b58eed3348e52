import type { ResourceProps } from 'react-admin';

import attribute from './attribute';
import categories from './categories';
import gst from './gst';
import pincode from './pincode';
import products from './products';
import subcategories from './subcategories';

/** Every screen of the app by resource name, the name its endpoint map entry and menu entry use. */
export const resources: Record<string, Omit<ResourceProps, 'name'>> = {
    categories,
    subcategories,
    attribute,
    gst,
    products,
    pincode,
};
