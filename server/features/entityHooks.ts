import type { HooksByEntity } from '../engine/hooks';
import { productHooks } from './catalogue/productHooks';
import { deliverySlotHooks } from './deliverySlots/deliverySlotHooks';
import { withDeleteEvents } from './webhooks/deleteEvents';

/**
 * The features' hooks on schema entities, by entity name: a rule a schema cannot say is written beside its
 * feature (server/features/<feature>/<entity>Hooks.ts, an `EntityHooks`) and listed here, and the engine runs it
 * inside the entity's writes (server/engine/hooks.ts).
 */
export const entityHooks: HooksByEntity = withDeleteEvents({
    products: productHooks,
    deliverySlots: deliverySlotHooks,
});
