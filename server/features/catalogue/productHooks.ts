import type { EntityHooks } from '../../engine/hooks';
import type { Values } from '../../engine/rows';

/** A blank SKU or barcode is none: stored as null, so that "unique when given" lets any number of products have none. */
const blanksToNull = (values: Values): Values => {
    const cleaned = { ...values };
    for (const field of ['sku', 'barcode']) {
        if (typeof cleaned[field] === 'string') cleaned[field] = (cleaned[field] as string).trim() || null;
    }
    return cleaned;
};

export const productHooks: EntityHooks = {
    beforeCreate: async (values) => blanksToNull(values),
    beforeUpdate: async (values) => blanksToNull(values),
};
