import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/tables';
import { DELIVERY_STATES, WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from '../../../schema/webhooks';
import { eventsOf } from './announce';
import { MAX_DELIVERY_ATTEMPTS } from './deliveryQueue';

const nullableText = { type: ['string', 'null'] } as const;

const EVENTS_MESSAGE = `Please choose at least one event, from: ${WEBHOOK_EVENTS.join(', ')}`;

export const eventList = {
    type: 'array',
    minItems: 1,
    maxItems: WEBHOOK_EVENTS.length,
    uniqueItems: true,
    items: { type: 'string', enum: WEBHOOK_EVENTS, 'x-message': EVENTS_MESSAGE },
    'x-message': EVENTS_MESSAGE,
} as const;

export const endpointSchema = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        url: { type: 'string', examples: ['https://erp.example.com/hooks/grocer'] },
        events: { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENTS } },
        active: { type: 'boolean' },
        secretHint: { type: 'string', description: "The secret's last four characters, to tell which one an integrator holds" },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
    },
} as const;

export const withSecret = {
    type: 'object',
    properties: {
        ...endpointSchema.properties,
        secret: { type: 'string', description: 'The signing secret (whsec_…), answered only here: keep it with the integration', examples: ['whsec_2v0b…'] },
    },
} as const;

export const deliverySchema = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        event: { type: 'string' },
        eventId: { type: 'string', description: 'The event id in the body, the same for every endpoint it goes to' },
        state: { type: 'string', enum: DELIVERY_STATES },
        attempts: { type: 'integer' },
        statusCode: { type: ['integer', 'null'], description: "The endpoint's last answer; null when it could not be reached" },
        nextAttemptAt: { ...nullableText, description: 'When it is tried again, while it is pending' },
        deliveredAt: nullableText,
        lastError: nullableText,
        responseExcerpt: { ...nullableText, description: "The start of the endpoint's last answer" },
        createdAt: { type: 'string' },
    },
} as const;

export const toEndpoint = (row: Selectable<WebhookEndpointsTable>): WebhookEndpoint => ({
    id: row.id,
    url: row.url,
    events: eventsOf(row.events).filter((event): event is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(event)),
    active: row.active === 1,
    secretHint: row.secret.slice(-4),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
});

export const toDelivery = (row: Selectable<WebhookDeliveriesTable>): WebhookDelivery => {
    const state = row.deliveredAt ? 'delivered' : row.attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending';
    return {
        id: row.id,
        event: row.event,
        eventId: row.eventId,
        state,
        attempts: row.attempts,
        statusCode: row.statusCode,
        nextAttemptAt: state === 'pending' ? row.nextAttemptAt : null,
        deliveredAt: row.deliveredAt,
        lastError: row.lastError,
        responseExcerpt: row.responseExcerpt,
        createdAt: row.createdAt,
    };
};
