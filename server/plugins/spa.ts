import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { notFound } from '../infra/errors';

/**
 * Serves the built admin app: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API or upload path answered with the app so deep links and reloads work.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const hasApp = fs.existsSync(path.join(config.appDir, 'index.html'));
        if (hasApp) {
            await app.register(fastifyStatic, {
                root: config.appDir,
                // Files are looked up per request, so a rebuild under a running server is served at once;
                // a path with no file falls through to the not-found handler below.
                wildcard: true,
                index: 'index.html',
                // The build writes .br and .gz beside each file (vite.config.ts); the one the client accepts is sent.
                preCompressed: true,
                // Source maps are never served, even if a build left one behind.
                allowedPath: (pathName) => !pathName.endsWith('.map'),
                // Our own header below decides; the plugin's default would overwrite it.
                cacheControl: false,
                setHeaders: (res, file) => {
                    const hashed = file.includes(`${path.sep}assets${path.sep}`);
                    res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
                },
            });
        }
        app.setNotFoundHandler((request, reply) => {
            const wantsApp =
                request.method === 'GET' && !/^\/(api|uploads)(\/|$)/.test(request.url) && !/^\/assets\//.test(request.url) && !/\.map(\?|$)/.test(request.url);
            if (hasApp && wantsApp) {
                return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
            }
            throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
        });
    },
    { name: 'spa' },
);
