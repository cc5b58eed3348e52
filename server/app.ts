import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { decimalKeyword } from './lib/money';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/errorHandler';
import mailerPlugin from './plugins/mailer';
import mediaPlugin, { MAX_IMAGE_BYTES } from './plugins/media';
import spaPlugin from './plugins/spa';
import { messageKeyword } from './schemas/keywords';
import { entities as allEntities, type EntitySchema } from '../schema';
import authRoutes from './routes/auth';
import entityRoutes from './routes/entities';
import contentLengthPlugin from './plugins/contentLength';
import { trackAbandoned } from './db/abandoned';
import healthRoutes from './routes/health';
import contactRoutes from './routes/contact';
import passwordRoutes from './routes/passwords';
import profileRoutes from './routes/profile';
import userRoutes from './routes/users';
import videoRoutes from './routes/videos';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payments';
import dashboardRoutes from './routes/dashboard';

declare module 'fastify' {
    interface FastifyInstance {
        config: Config;
    }
}

export interface BuildOptions {
    /** The schema-described entities to serve; every one of schema/index.ts unless a test brings its own. */
    entities?: EntitySchema[];
}

export async function buildApp(
    config: Config,
    logger: FastifyServerOptions['logger'] = { level: config.logLevel },
    { entities = allEntities }: BuildOptions = {},
): Promise<FastifyInstance> {
    const app = Fastify({
        logger,
        bodyLimit: 1024 * 1024,
        ajv: { customOptions: { allErrors: true, verbose: true, allowUnionTypes: true }, plugins: [messageKeyword as never, decimalKeyword as never] },
    });
    app.decorate('config', config);

    await app.register(helmet, {
        contentSecurityPolicy: {
            directives: {
                'img-src': ["'self'", 'data:', 'blob:'],
                'style-src': ["'self'", "'unsafe-inline'"],
                'font-src': ["'self'", 'data:'],
                // Shops often start on plain HTTP inside their network; upgrading would break every asset there.
                'upgrade-insecure-requests': null,
                // Razorpay's checkout is its script and its frames; allowed only when Razorpay is configured.
                ...(config.razorpayKeyId
                    ? { 'script-src': ["'self'", 'https://checkout.razorpay.com'], 'frame-src': ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'] }
                    : {}),
            },
        },
    });
    // Routes that name the same groupId share one count per client (the sign-in routes).
    await app.register(rateLimit, { global: false, store: GroupedStore as never });
    await app.register(uploadsPlugin, { config });
    await app.register(contentLengthPlugin, { config });
    // JSON answers compressed for clients that ask (brotli at a quick level: it runs per request); the
    // built app's files are compressed once at build time and served as they are (plugins/spa.ts).
    await app.register(compress, {
        encodings: ['br', 'gzip'],
        customTypes: /^application\/(.+\+)?json\b/,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await app.register(swagger, {
        openapi: {
            info: { title: 'Grocer Back-office API', version: '1.0.0', description: 'Legacy-compatible admin API; see docs/api.md' },
            components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
            security: [{ bearer: [] }],
        },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    await app.register(errorHandler);
    await app.register(dbPlugin, { config });
    await app.register(mailerPlugin, { config });
    await app.register(mediaPlugin, { config });

    await app.register(
        async (api) => {
            await api.register(authPlugin);
            await api.register(healthRoutes);
            await api.register(authRoutes);
    // PostgreSQL statements of requests whose client went away are cancelled (server/db/abandoned.ts).
    if (config.databaseUrl) trackAbandoned(app);
            await api.register(entityRoutes, { entities });
            await api.register(userRoutes);
            await api.register(passwordRoutes);
            await api.register(profileRoutes);
            await api.register(contactRoutes);
            await api.register(videoRoutes);
            await api.register(orderRoutes);
            await api.register(paymentRoutes);
            await api.register(dashboardRoutes);
        },
        { prefix: '/api' },
    );

    await app.register(spaPlugin, { config });
    return app;
}
