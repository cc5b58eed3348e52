import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { conflict, notFound } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { errorResponses, idParams } from '../../http/common';
import { TEST_EVENT, WEBHOOKS_ACCESS } from '../../../schema/webhooks';
import { eventBody, queueDelivery } from './announce';
import { auditEndpoint, auditRotation } from './endpointAudit';
import { deliverySchema, endpointSchema, eventList, toDelivery, toEndpoint, withSecret } from './endpointRecord';
import { checkEndpointUrl } from './endpointUrl';
import { newWebhookSecret } from './signature';
import { allowsLocal } from './webhookWorker';
import { DELIVERED_KEPT_DAYS, FAILED_KEPT_DAYS } from './pruneDeliveries';

const urlField = { type: 'string', minLength: 1, maxLength: 2000, 'x-message': "Please enter the endpoint's full address, starting with https://" } as const;
const activeField = { type: 'boolean', 'x-message': 'Active must be true or false' } as const;

const createBody = {
    type: 'object',
    required: ['url', 'events'],
    additionalProperties: false,
    properties: { url: urlField, events: eventList, active: activeField },
    examples: [{ url: 'https://erp.example.com/hooks/grocer', events: ['order.placed', 'order.paid'], active: true }],
} as const;

const updateBody = { ...createBody, required: [], minProperties: 1 } as const;

const deliveriesQuery = {
    type: 'object',
    properties: {
        page: { type: 'integer', minimum: 1, default: 1 },
        perPage: { type: 'integer', minimum: 1, maximum: 100, default: 25, description: 'Deliveries a page, 25 unless asked; at most 100 (more is a 400)' },
    },
} as const;

const tags = ['Webhooks'];
const config = { access: WEBHOOKS_ACCESS };
/** The row a change inside a transaction left, or a 404 when another request removed it meanwhile. */
const still = <T,>(row: T | undefined): T => {
    if (!row) throw notFound('Webhook endpoint not found');
    return row;
};

async function find(app: FastifyInstance, id: number) {
    const row = await app.db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Webhook endpoint not found');
    return row;
}

/**
 * `/webhooks`: administrators register the HTTPS endpoints that events are posted to (Settings → Webhooks), see
 * each one's delivery log and send it a test event. The secret is answered once, when it is made (at creation, or
 * a new one on request): an integrator keeps it with the integration, and no later read shows it. Every change is a
 * line of the activity log, written in the change's transaction (the secret never is).
 */
export default async function webhookRoutes(fastify: FastifyInstance) {
    registerEndpointReads(fastify);
    registerCreateEndpoint(fastify);
    registerUpdateEndpoint(fastify);
    registerDeleteEndpoint(fastify);
    registerRotateSecret(fastify);
    registerDeliveryLog(fastify);
    registerTestEvent(fastify);
}

/** GET /webhooks and /webhooks/:id: the endpoints. */
function registerEndpointReads(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/webhooks', {
        config,
        schema: { tags, summary: 'Lists the webhook endpoints', response: { 200: { type: 'array', items: endpointSchema }, ...errorResponses } },
        handler: async () => (await app.db.selectFrom('webhookEndpoints').selectAll().orderBy('id').execute()).map(toEndpoint),
    });

    app.get('/webhooks/:id', {
        config,
        schema: { tags, summary: 'Reads one webhook endpoint', params: idParams, response: { 200: endpointSchema, ...errorResponses } },
        handler: async (request) => toEndpoint(await find(app, request.params.id)),
    });
}

/** POST /webhooks: registers an endpoint and answers its secret, once. */
function registerCreateEndpoint(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const policy = { allowLocal: allowsLocal(app.config) };
    app.post('/webhooks', {
        config,
        schema: { tags, summary: 'Registers a webhook endpoint and answers its signing secret, once', body: createBody, response: { 201: withSecret, ...errorResponses } },
        handler: async (request, reply) => {
            const { body } = request;
            const url = await checkEndpointUrl(body.url, policy);
            const now = nowIso();
            const secret = newWebhookSecret();
            const row = await app.db.transaction().execute(async (trx) => {
                const made = await trx
                    .insertInto('webhookEndpoints')
                    .values({ url, events: JSON.stringify(body.events), secret, active: body.active === false ? 0 : 1, createdAt: now, updatedAt: now })
                    .returningAll()
                    .executeTakeFirstOrThrow();
                await auditEndpoint(trx, request, 'create', undefined, made);
                return made;
            });
            return reply.code(201).send({ ...toEndpoint(row), secret });
        },
    });
}

/** PUT /webhooks/:id: changes an endpoint's address, events or whether it is on. */
function registerUpdateEndpoint(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const policy = { allowLocal: allowsLocal(app.config) };
    app.put('/webhooks/:id', {
        config,
        schema: { tags, summary: "Changes a webhook endpoint's address, events or whether it is on", params: idParams, body: updateBody, response: { 200: endpointSchema, ...errorResponses } },
        handler: async (request) => {
            const before = await find(app, request.params.id);
            const { body } = request;
            const url = body.url === undefined ? undefined : await checkEndpointUrl(body.url, policy);
            const events = body.events && JSON.stringify(body.events);
            const active = body.active === undefined ? undefined : body.active ? 1 : 0;
            const after = await app.db.transaction().execute(async (trx) => {
                const changed = still(await trx.updateTable('webhookEndpoints').set({ url, events, active, updatedAt: nowIso() }).where('id', '=', before.id).returningAll().executeTakeFirst());
                await auditEndpoint(trx, request, 'update', before, changed);
                return changed;
            });
            return toEndpoint(after);
        },
    });
}

/** DELETE /webhooks/:id: removes an endpoint and its delivery log. */
function registerDeleteEndpoint(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.delete('/webhooks/:id', {
        config,
        schema: { tags, summary: 'Removes a webhook endpoint and its delivery log', params: idParams, response: { 200: endpointSchema, ...errorResponses } },
        handler: async (request) => {
            const row = await find(app, request.params.id);
            // Both databases cascade; SQLite only with foreign keys on, so the log goes explicitly first.
            await app.db.transaction().execute(async (trx) => {
                await trx.deleteFrom('webhookDeliveries').where('endpointId', '=', row.id).execute();
                await trx.deleteFrom('webhookEndpoints').where('id', '=', row.id).execute();
                await auditEndpoint(trx, request, 'delete', row);
            });
            return toEndpoint(row);
        },
    });
}

/** POST /webhooks/:id/secret: a new signing secret, answered once. */
function registerRotateSecret(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/webhooks/:id/secret', {
        config,
        schema: { tags, summary: 'Makes a new signing secret for a webhook endpoint and answers it, once', description: 'The old secret stops signing at once: give the new one to the integrator first.', params: idParams, response: { 200: withSecret, ...errorResponses } },
        handler: async (request) => {
            const before = await find(app, request.params.id);
            const secret = newWebhookSecret();
            const after = await app.db.transaction().execute(async (trx) => {
                const changed = still(await trx.updateTable('webhookEndpoints').set({ secret, updatedAt: nowIso() }).where('id', '=', before.id).returningAll().executeTakeFirst());
                await auditRotation(trx, request, before, changed);
                return changed;
            });
            return { ...toEndpoint(after), secret };
        },
    });
}

/** GET /webhooks/:id/deliveries: an endpoint's delivery log. */
function registerDeliveryLog(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/webhooks/:id/deliveries', {
        config,
        schema: {
            tags,
            summary: "A webhook endpoint's delivery log, newest first",
            description: `At most 100 deliveries a page (perPage, 25 unless asked); the total is in the X-Total-Count header. Delivered events are kept ${DELIVERED_KEPT_DAYS} days, failed ones ${FAILED_KEPT_DAYS}.`,
            params: idParams,
            querystring: deliveriesQuery,
            response: { 200: { type: 'array', items: deliverySchema }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { id } = request.params;
            await find(app, id);
            const { page, perPage } = request.query;
            const rows = await app.db.selectFrom('webhookDeliveries').selectAll().where('endpointId', '=', id).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
            const { total } = await app.db.selectFrom('webhookDeliveries').select((eb) => eb.fn.countAll<number>().as('total')).where('endpointId', '=', id).executeTakeFirstOrThrow();
            reply.header('X-Total-Count', String(total));
            return rows.map(toDelivery);
        },
    });
}

/** POST /webhooks/:id/test: sends a test event. */
function registerTestEvent(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/webhooks/:id/test', {
        config,
        schema: { tags, summary: 'Sends a test event (webhook.test) to a webhook endpoint', params: idParams, response: { 202: deliverySchema, ...errorResponses } },
        handler: async (request, reply) => {
            const endpoint = await find(app, request.params.id);
            if (!endpoint.active) throw conflict('This endpoint is switched off: switch it on to send it a test event');
            const deliveryId = await queueDelivery(app.db, endpoint.id, TEST_EVENT, eventBody(TEST_EVENT, { message: 'A test event from the back-office', endpointId: endpoint.id }));
            app.webhooks.wake();
            const row = await app.db.selectFrom('webhookDeliveries').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
            return reply.code(202).send(toDelivery(row));
        },
    });
}
