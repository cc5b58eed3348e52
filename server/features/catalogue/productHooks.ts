import type { EntityHooks } from '../../engine/hooks';
import type { Row, Values } from '../../engine/rows';
import { badRequest } from '../../infra/errors';
import { announceProduct, announceStock } from '../webhooks/productEvents';

/** A blank SKU or barcode is none: stored as null, so that "unique when given" lets any number of products have none. */
const blanksToNull = (values: Values): Values => {
    const cleaned = { ...values };
    for (const field of ['sku', 'barcode', 'imageAlt']) {
        if (typeof cleaned[field] === 'string') cleaned[field] = (cleaned[field] as string).trim() || null;
    }
    return cleaned;
};

export const MAIN_ALT_MESSAGE = 'Please describe the main picture in a few words (its alt text), for people who cannot see it';

/**
 * The main picture needs its alt text. Checked when a save speaks of the alt text (the app always sends it, and
 * `makeMain` sets it): the older edit screen sends pictures without one, and its saves go on as before.
 */
const mainPictureDescribed = (values: Values, existing?: Row): Values => {
    if (!('imageAlt' in values)) return values;
    const image = 'image' in values ? values.image : existing?.image;
    if (image && !values.imageAlt) throw badRequest(MAIN_ALT_MESSAGE, { imageAlt: MAIN_ALT_MESSAGE });
    return values;
};

export const productHooks: EntityHooks = {
    beforeCreate: async (values) => mainPictureDescribed(blanksToNull(values)),
    beforeUpdate: async (values, existing) => mainPictureDescribed(blanksToNull(values), existing),
    // Integrators hear of it (webhooks), in the save's transaction.
    afterCreate: async (row, { trx }) => announceProduct(trx, 'product.created', row),
    afterUpdate: async (row, existing, { trx }) => {
        await announceProduct(trx, 'product.updated', row);
        await announceStock(trx, row.id, existing.stock as number | null, row.stock as number | null, 'edited');
    },
};
