import type { EntityHooks, HookContext } from '../../engine/hooks';
import type { Row, Values } from '../../engine/rows';
import { badRequest } from '../../infra/errors';
import { announceProduct, announceStock } from '../webhooks/productEvents';
import { isLoose, partOfPiece, WHOLE_STOCK } from '../../../schema/measure';
import { products } from '../../../schema/products';

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

/**
 * The legacy single attribute and the set stay one story: a save that names only the single one swaps it in the set
 * (a legacy client's edit), one that sends only the set keeps the single one when it is still in it, else takes the
 * set's first; one that sends both gets both, the single one in the set.
 */
async function attributesInStep(values: Values, context: HookContext, existing?: Row): Promise<Values> {
    const single = values.attributeId as number | null | undefined;
    const set = values.attributeIds as number[] | undefined;
    if (single === undefined && set === undefined) return values;
    if (set !== undefined) {
        const kept = single !== undefined ? single : (existing?.attributeId as number | null | undefined);
        const attributeId = kept != null && (single !== undefined || set.includes(kept)) ? kept : (set[0] ?? null);
        const ids = attributeId == null || set.includes(attributeId) ? set : [...set, attributeId].sort((a, b) => a - b);
        return { ...values, attributeId, attributeIds: ids };
    }
    const stored = existing
        ? (await context.trx.selectFrom('productAttributes').select('attributeId').where('productId', '=', existing.id).execute()).map((row) => Number(row.attributeId))
        : [];
    const others = stored.filter((id) => id !== existing?.attributeId);
    const ids = [...new Set([...others, ...(single == null ? [] : [single])])].sort((a, b) => a - b);
    return { ...values, attributeIds: ids };
}

/**
 * How the product is counted holds together: by the piece, its stock is whole and it has no step or minimum (they are
 * emptied); loose, its minimum is a whole number of steps. Checked on what the row will hold, sent or kept.
 */
const measured = (values: Values, existing?: Row): Values => {
    const touches = ['unit', 'step', 'minimum', 'stock'].some((field) => field in values);
    if (!touches) return values;
    const held = (field: string) => (field in values ? values[field] : existing?.[field]) as number | null | undefined;
    const refuse = (field: string, message: string) => badRequest(message, { [field]: message });
    const stock = held('stock');
    if (!isLoose(held('unit'))) {
        if (stock != null && partOfPiece(stock, held('unit'))) throw refuse('stock', WHOLE_STOCK);
        return existing?.step == null && existing?.minimum == null && !('step' in values) && !('minimum' in values) ? values : { ...values, step: null, minimum: null };
    }
    const step = held('step');
    const minimum = held('minimum');
    if (step === 0) throw refuse('step', 'Please enter a step above 0, e.g. 0.25');
    if (minimum === 0) throw refuse('minimum', 'Please enter a minimum above 0, e.g. 0.5');
    if (minimum != null && minimum % (step ?? 1)) throw refuse('minimum', 'The minimum must be a whole number of steps (0.5 kg with a step of 0.25 kg)');
    return values;
};

export const productHooks: EntityHooks = {
    beforeCreate: async (values, context) => attributesInStep(measured(mainPictureDescribed(blanksToNull(values))), context),
    beforeUpdate: async (values, existing, context) => attributesInStep(measured(mainPictureDescribed(blanksToNull(values), existing), existing), context, existing),
    // Integrators hear of it (webhooks), in the save's transaction.
    afterCreate: async (row, { trx }) => announceProduct(trx, 'product.created', row),
    afterUpdate: async (row, existing, { trx }) => {
        await announceProduct(trx, 'product.updated', row);
        await announceStock(trx, row.id, existing.stock as number | null, row.stock as number | null, 'edited');
        await announceVariants(trx, row, existing);
    },
};

/** A product's save passes what it shares on to its variants (engine/variants.ts): integrators hear of each one changed. */
async function announceVariants(trx: HookContext['trx'], row: Row, existing: Row): Promise<void> {
    const { parent, position, shared } = products.variants!;
    if (row[parent] != null || shared.every((field) => row[field] === existing[field])) return;
    const variants = await trx.selectFrom('products').selectAll().where(parent, '=', row.id).orderBy(position).execute();
    for (const variant of variants) await announceProduct(trx, 'product.updated', variant as Row);
}
