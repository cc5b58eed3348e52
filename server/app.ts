import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { decimalKeyword } from './engine/money';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import shopClockPlugin from './plugins/shopClock';
import openApi from './plugins/openApi';
import errorHandler from './plugins/errorHandler';
import mailerPlugin from './plugins/mailer';
import mediaPlugin from './plugins/media';
import housekeepingPlugin from './plugins/housekeeping';
import idempotencyPlugin from './plugins/idempotency';
import uploadsPlugin from './infra/uploads';
import { frameworkError, slowClients } from './infra/slowClients';
import { finiteNumbers } from './http/finiteNumbers';
import { compiledOnce } from './http/compiledOnce';
import { compiledSerializers } from './http/compiledSerializers';
import { sharedLimitStore } from './infra/limits';
import spaPlugin from './plugins/spa';
import contentLengthPlugin from './plugins/contentLength';
import securityHeaders from './plugins/securityHeaders';
import jsonBodyPlugin from './plugins/jsonBody';
import { trackAbandoned } from './db/abandoned';
import { messageKeyword } from './http/keywords';
import { entities as allEntities, type EntitySchema } from '../schema';
import type { HooksByEntity } from './engine/hooks';
import { entityHooks } from './features/entityHooks';
import authRoutes from './features/signIn/signInRoutes';
import entityRoutes from './engine/entitiesPlugin';
import importRoutes from './features/imports/importRoutes';
import stockRoutes from './features/catalogue/stockRoutes';
import bulkEditRoutes from './features/catalogue/bulkEditRoutes';
import healthRoutes from './features/health/healthRoutes';
import metricsRoutes from './features/health/metricsRoutes';
import metricsPlugin from './plugins/metrics';
import requestIdHeader from './plugins/requestIdHeader';
import shutdownFlag from './plugins/shutdownFlag';
import { requestId } from './infra/requestId';
import contactRoutes from './features/contact/contactRoutes';
import contactsV1 from './features/contact/contactsV1';
import passwordRoutes from './features/people/passwordRoutes';
import profileRoutes from './features/people/profileRoutes';
import userRoutes from './features/people/userRoutes';
import usersV1 from './features/people/usersV1';
import referenceResources from './features/people/referenceResources';
import videoRoutes from './features/videos/videoRoutes';
import videosV1 from './features/videos/videosV1';
import orderRoutes from './features/orders/orderRoutes';
import ordersV1 from './features/orders/ordersV1';
import invoiceRoutes from './features/invoices/invoiceRoutes';
import creditNoteRoutes from './features/creditNotes/creditNoteRoutes';
import reportRoutes from './features/reports/reportRoutes';
import orderToolRoutes from './features/orders/orderToolRoutes';
import deliverySlotRoutes from './features/deliverySlots/slotRoutes';
import deskRoutes from './features/orders/deskRoutes';
import deliveryNoteRoute from './features/orders/deliveryNoteRoute';
import customerRoutes from './features/customers/customerRoutes';
import paymentRoutes from './features/payments/paymentRoutes';
import dashboardRoutes from './features/dashboard/dashboardRoutes';
import searchRoutes from './features/search/searchRoutes';
import webhookWorker from './features/webhooks/webhookWorker';
import webhookRoutes from './features/webhooks/webhookRoutes';
import deletionRoutes from './features/deletions/deletionRoutes';

export interface AccessRow {
    method: string;
    url: string;
    access: string;
}

declare module 'fastify' {
    interface FastifyInstance {
        config: Config;
        accessTable: AccessRow[];
    }
}

export interface BuildOptions {
    /** The schema-described entities to serve; every one of schema/index.ts unless a test brings its own. */
    entities?: EntitySchema[];
    /** The features' hooks on those entities (server/features/entityHooks.ts unless a test brings its own). */
    hooks?: HooksByEntity;
}

export async function buildApp(
    config: Config,
    logger: FastifyServerOptions['logger'] = { level: config.logLevel },
    { entities = allEntities, hooks = entityHooks }: BuildOptions = {},
): Promise<FastifyInstance> {
    const app = createInstance(config, logger);
    app.server.headersTimeout = Math.min(config.headersTimeoutMs, config.uploadTimeoutMs);
    slowClients(app);
    app.decorate('config', config);
    recordAccess(app);

    await app.register(requestIdHeader);
    await app.register(shutdownFlag);
    await app.register(securityHeaders, { config });
    await registerCors(app, config);
    // Every instance counts in one store (the database, or Redis with REDIS_URL), so N instances allow
    // what one allows; routes that name the same groupId share one count per client (the sign-in routes).
    await app.register(rateLimit, { global: false, store: sharedLimitStore(app, config) as never });
    await app.register(uploadsPlugin, { config });
    await app.register(contentLengthPlugin, { config });
    await app.register(jsonBodyPlugin);
    // JSON answers compressed for clients that ask (brotli at a quick level: it runs per request); the
    // built app's files are compressed once at build time and served as they are (plugins/spa.ts).
    await app.register(compress, {
        encodings: ['br', 'gzip'],
        customTypes: /^application\/(.+\+)?json\b/,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    // PostgreSQL statements of requests whose client went away are cancelled (server/db/abandoned.ts).
    if (config.databaseUrl) trackAbandoned(app);
    await app.register(openApi);
    await app.register(errorHandler);
    await app.register(dbPlugin, { config });
    await app.register(metricsPlugin);
    await app.register(shopClockPlugin);
    await app.register(mailerPlugin, { config });
    await app.register(webhookWorker, { config });
    await app.register(mediaPlugin, { config, imageColumns: imageColumns(entities) });
    await app.register(housekeepingPlugin);

    await app.register(async (api) => registerApi(api, entities, hooks), { prefix: '/api' });

    await app.register(spaPlugin, { config });
    return app;
}

/** The Fastify instance with our validation, serialisation, proxy, time-out and request-id settings. */
function createInstance(config: Config, logger: FastifyServerOptions['logger']) {
    return Fastify({
        logger,
        bodyLimit: 1024 * 1024,
        // Fastify gives each plugin 10 s to load. The /api plugin compiles several hundred route schemas, which
        // took longer than that on a loaded CI machine, and the database plugin waits for another instance's
        // migrations under their lock: a start that is slow but sound must not fail. A hung one still does.
        pluginTimeout: 120_000,
        ajv: {
            customOptions: { allErrors: true, verbose: true, allowUnionTypes: true },
            plugins: [messageKeyword as never, decimalKeyword as never, finiteNumbers as never, compiledOnce as never],
        },
        schemaController: { compilersFactory: { buildSerializer: compiledSerializers() } },
        // Behind a reverse proxy, which forwarded addresses to believe (rate limits key on request.ip).
        trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
        // Slow clients are cut off: a silent connection, an idle keep-alive, and any request that takes
        // longer than the upload limit; headers and non-upload bodies have shorter limits (slowClients).
        connectionTimeout: config.idleTimeoutMs,
        keepAliveTimeout: config.keepAliveTimeoutMs,
        requestTimeout: config.uploadTimeoutMs,
        // A malformed URL gets our error envelope, not Fastify's own.
        frameworkErrors: frameworkError,
        // A request that reaches a closing server on a kept-alive connection is answered, and told to close the
        // connection (plugins/shutdownFlag.ts), rather than refused with Fastify's bare 503 that the client cannot tell apart.
        return503OnClosing: false,
        // A well-formed X-Request-Id is kept, else a UUID (server/infra/requestId.ts); echoed by plugins/requestIdHeader.
        genReqId: requestId,
        requestIdHeader: false,
    });
}

/**
 * Who may call each route, as declared (server/plugins/auth.ts enforces it): read by the permission
 * table of docs/api.md (npm run permissions) and its test.
 */
function recordAccess(app: FastifyInstance) {
    const accessTable: AccessRow[] = [];
    app.decorate('accessTable', accessTable);
    app.addHook('onRoute', (route) => {
        // The OpenAPI document and its UI (/api/docs) are public and outside the access hook.
        if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
        for (const method of [route.method].flat()) accessTable.push({ method, url: route.url, access: route.config?.access ?? 'admin' });
    });
}

/**
 * The app served from another host (a CDN) calls the API across origins: only ALLOWED_ORIGINS may, with
 * the bearer token in a header (no cookies, so no credentials), and the list totals readable by them.
 */
async function registerCors(app: FastifyInstance, config: Config) {
    if (!config.allowedOrigins.length) return;
    const allowed = new Set(config.allowedOrigins);
    await app.register(cors, {
        // Another origin gets no CORS header at all (not even the allowed methods), and its preflight a 404.
        origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin) ? origin : false),
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Range', 'Idempotency-Key', 'X-Device-Token', 'X-Request-Id'],
        exposedHeaders: ['X-Total-Count', 'Content-Range', 'Link', 'Content-Disposition', 'Idempotent-Replayed', 'X-Request-Id'],
        maxAge: 600,
    });
}

/** The routes under /api: the access check and idempotency first, then every feature's routes. */
async function registerApi(api: FastifyInstance, entities: EntitySchema[], hooks: HooksByEntity) {
        await api.register(authPlugin);
        await api.register(idempotencyPlugin);
        await api.register(healthRoutes);
        await api.register(metricsRoutes);
        await api.register(authRoutes);
        await api.register(entityRoutes, { entities, hooks });
        await api.register(importRoutes);
        await api.register(stockRoutes);
        await api.register(bulkEditRoutes);
        await api.register(userRoutes);
        await api.register(usersV1);
        await api.register(referenceResources);
        await api.register(passwordRoutes);
        await api.register(profileRoutes);
        await api.register(contactRoutes);
        await api.register(contactsV1);
        await api.register(videoRoutes);
        await api.register(videosV1);
        await api.register(orderRoutes);
        await api.register(ordersV1);
        await api.register(invoiceRoutes);
        await api.register(creditNoteRoutes);
        await api.register(reportRoutes);
        await api.register(orderToolRoutes);
        await api.register(deliverySlotRoutes);
        await api.register(deskRoutes);
        await api.register(deliveryNoteRoute);
        await api.register(customerRoutes);
        await api.register(paymentRoutes);
        await api.register(dashboardRoutes);
        await api.register(searchRoutes);
        await api.register(webhookRoutes);
        await api.register(deletionRoutes);
}

/** Every column that holds upload paths: entities' image fields and galleries, and profile pictures. */
export function imageColumns(entities: EntitySchema[]) {
    const columns = [{ table: 'profiles', column: 'profileImage' }];
    for (const entity of entities) {
        for (const [name, field] of Object.entries(entity.fields)) {
            if (field.type === 'image') columns.push({ table: entity.table, column: name });
            if (field.type === 'gallery' && field.gallery) columns.push({ table: field.gallery.table, column: 'image' });
        }
    }
    return columns;
}

/** TRUST_PROXY as a number: believe that many proxies in front of the server. */
const hops = (count: number) => (_address: string, hop: number) => hop < count;
