import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['jpg', 'png', 'gif', 'webp']);

export interface Media {
    /** Checks the bytes are an image we accept and stores them; answers the public path. */
    saveImage(bytes: Buffer): Promise<string>;
    /** Removes a stored upload; a path that is not ours is ignored. */
    remove(publicPath: string | null | undefined): Promise<void>;
}

declare module 'fastify' {
    interface FastifyInstance {
        media: Media;
    }
}

export default fp<{ config: Config }>(
    async (app, { config }) => {
        const root = path.join(config.dataDir, 'uploads');
        await fs.mkdir(root, { recursive: true });

        app.decorate('media', {
            async saveImage(bytes: Buffer) {
                if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image is larger than 5 MB');
                // The declared name and type are the client's claim; the content decides.
                const type = await fileTypeFromBuffer(bytes);
                if (!type || !IMAGE_TYPES.has(type.ext)) {
                    throw new HttpError(415, 'Please upload a JPEG, PNG, GIF or WebP image');
                }
                const name = `${randomUUID()}.${type.ext}`;
                await fs.writeFile(path.join(root, name), bytes);
                return `/uploads/${name}`;
            },
            async remove(publicPath) {
                const match = publicPath?.match(/^\/uploads\/([\w-]+\.\w+)$/);
                if (match) await fs.rm(path.join(root, match[1]), { force: true });
            },
        });

        await app.register(fastifyStatic, {
            root,
            prefix: '/uploads/',
            decorateReply: false,
            index: false,
            maxAge: '7d',
            setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
        });
    },
    { name: 'media' },
);
