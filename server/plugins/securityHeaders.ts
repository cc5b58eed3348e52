import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Helmet's security headers on every answer (a content security policy, no sniffing, no framing…). The
 * middleware is made once, here: @fastify/helmet made it afresh for every request, parsing the policy each
 * time, which was about a twentieth of a kept list page's cost.
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
        app.addHook('onRequest', (request, reply, done) => secure(request.raw, reply.raw, () => done()));
    },
    { name: 'securityHeaders' },
);
