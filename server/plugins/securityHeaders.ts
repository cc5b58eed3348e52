import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets on an answer, by name; it must finish at once, as helmet's do. */
function headersSetBy(middleware: Middleware): Record<string, string> {
    const headers: Record<string, string> = {};
    const recorder = {
        setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
        removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    };
    let finished = false;
    middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
        if (error) throw error;
        finished = true;
    });
    if (!finished || !Object.keys(headers).length) throw new Error('The security headers could not be worked out');
    return headers;
}

/**
 * Helmet's security headers on every answer (a content security policy, no sniffing, no framing…). They depend
 * on the configuration alone, so helmet is run once, here, and each answer is given what it set: @fastify/helmet
 * made the middleware afresh for every request, parsing the policy each time (about a twentieth of a kept list
 * page's cost), and running the made one still walked its eleven steps, each setting its header on the raw
 * answer, per request.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const secure = helmet({
            // An app on another host (ALLOWED_ORIGINS) shows the uploaded pictures this server keeps.
            ...(config.allowedOrigins.length ? { crossOriginResourcePolicy: { policy: 'cross-origin' as const } } : {}),
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
        const headers = headersSetBy(secure);
        app.addHook('onRequest', (_request, reply, done) => {
            reply.headers(headers);
            done();
        });
    },
    { name: 'securityHeaders' },
);
