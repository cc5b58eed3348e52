/**
 * Webhooks for integrators (`/api/webhooks`, the Settings → Webhooks screen): what an endpoint may subscribe to
 * and what a delivery looks like, read by both halves.
 */
import type { Access } from './types';

/** Who may see and change the endpoints: the API's routes and the app's menu and screens alike. */
export const WEBHOOKS_ACCESS: Access = 'admin';

/**
 * The event each entity's delete sends, by entity name, `{id, resource, deletedAt}`: a mirror removes the row. Every
 * entity that can be deleted has one (settings and the activity log cannot be).
 */
export const DELETE_EVENTS = {
    categories: 'category.deleted',
    subcategories: 'subcategory.deleted',
    attribute: 'attribute.deleted',
    gst: 'gst.deleted',
    products: 'product.deleted',
    pincode: 'pincode.deleted',
    banners: 'banner.deleted',
    pagecategories: 'pagecategory.deleted',
    pagecontent: 'pagecontent.deleted',
    managepage: 'managepage.deleted',
    coupons: 'coupon.deleted',
    deliverySlots: 'deliveryslot.deleted',
} as const;

/** The deletes of resources a feature keeps rather than a schema (server/features/videos), with the same body. */
export const FEATURE_DELETE_EVENTS = {
    videos: 'video.deleted',
} as const;

/** The events an endpoint may take, in the order the screen offers them. */
export const WEBHOOK_EVENTS = [
    'order.placed',
    'order.paid',
    'order.status_changed',
    'order.refunded',
    'product.created',
    'product.updated',
    'product.stock_changed',
    ...Object.values(DELETE_EVENTS),
    ...Object.values(FEATURE_DELETE_EVENTS),
    // Sent only when asked for ("send test event"), to that endpoint, whatever it subscribes to; subscribing to it
    // changes nothing, and an endpoint may list it like any other.
    'webhook.test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What "send test event" posts: to the one endpoint, whatever it subscribes to. */
export const TEST_EVENT = 'webhook.test';

/** A delivery's state in the log: posted and answered 2xx, waiting for its next try, or given up. */
export const DELIVERY_STATES = ['delivered', 'pending', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

// Types, not interfaces: the server's answers are checked against their response schemas' types, which take only
// types with an index signature (as object types have and interfaces do not).
export type WebhookEndpoint = {
    id: number;
    url: string;
    events: WebhookEvent[];
    active: boolean;
    /** The secret's last four characters, so staff can tell which one an integrator holds. */
    secretHint: string;
    createdAt: string;
    updatedAt: string;
};

export type WebhookDelivery = {
    id: number;
    event: string;
    eventId: string;
    state: DeliveryState;
    attempts: number;
    statusCode: number | null;
    nextAttemptAt: string | null;
    deliveredAt: string | null;
    lastError: string | null;
    responseExcerpt: string | null;
    createdAt: string;
};
