import type { Identifier } from 'react-admin';

import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../schema/webhooks';
import type { HttpClient } from '../http/httpClient';
import type { AppDataProvider } from './AppDataProvider';

/** What staff write of an endpoint; the secret is the server's to make. */
export interface WebhookInput {
    url: string;
    events: WebhookEvent[];
    active: boolean;
}

/** An endpoint as it is answered once, when its secret is made (created, or a new secret). */
export type WebhookWithSecret = WebhookEndpoint & { secret: string };

export interface WebhookMethods {
    getWebhooks(): Promise<{ data: WebhookEndpoint[] }>;
    getWebhook(id: Identifier): Promise<{ data: WebhookEndpoint }>;
    createWebhook(data: WebhookInput): Promise<{ data: WebhookWithSecret }>;
    updateWebhook(id: Identifier, data: Partial<WebhookInput>): Promise<{ data: WebhookEndpoint }>;
    deleteWebhook(id: Identifier): Promise<{ data: WebhookEndpoint }>;
    rotateWebhookSecret(id: Identifier): Promise<{ data: WebhookWithSecret }>;
    /** Newest first; the total from X-Total-Count. */
    webhookDeliveries(id: Identifier, page: { page: number; perPage: number }): Promise<{ data: WebhookDelivery[]; total: number }>;
    sendTestWebhook(id: Identifier): Promise<{ data: WebhookDelivery }>;
}

export type WebhookDataProvider = AppDataProvider & WebhookMethods;

/**
 * Settings → Webhooks (administrators), docs/api.md "Webhooks":
 * getWebhooks         => GET    /webhooks
 * getWebhook          => GET    /webhooks/{id}
 * createWebhook       => POST   /webhooks {url, events, active}   (answers the secret, once)
 * updateWebhook       => PUT    /webhooks/{id} {url?, events?, active?}
 * deleteWebhook       => DELETE /webhooks/{id}
 * rotateWebhookSecret => POST   /webhooks/{id}/secret              (answers the new secret, once)
 * webhookDeliveries   => GET    /webhooks/{id}/deliveries?page&perPage
 * sendTestWebhook     => POST   /webhooks/{id}/test                (answers the queued delivery)
 */
export const webhookMethods = (apiUrl: string, httpClient: HttpClient): WebhookMethods => {
    const call = async (path: string, method = 'GET', body?: object) =>
        httpClient(`${apiUrl}/webhooks${path}`, { method, body: body && JSON.stringify(body) });
    const one = (id: Identifier) => `/${encodeURIComponent(String(id))}`;
    return {
        getWebhooks: async () => ({ data: (await call('')).json }),
        getWebhook: async id => ({ data: (await call(one(id))).json }),
        createWebhook: async data => ({ data: (await call('', 'POST', data)).json }),
        updateWebhook: async (id, data) => ({ data: (await call(one(id), 'PUT', data)).json }),
        deleteWebhook: async id => ({ data: (await call(one(id), 'DELETE')).json }),
        rotateWebhookSecret: async id => ({ data: (await call(`${one(id)}/secret`, 'POST')).json }),
        webhookDeliveries: async (id, { page, perPage }) => {
            const { json, headers } = await call(`${one(id)}/deliveries?page=${page}&perPage=${perPage}`);
            return { data: json, total: Number(headers.get('X-Total-Count') ?? json.length) };
        },
        sendTestWebhook: async id => ({ data: (await call(`${one(id)}/test`, 'POST')).json }),
    };
};
