import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sql, type Kysely } from 'kysely';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { Config } from '../config';
import { HttpError } from '../infra/errors';
import { tempDir } from '../infra/uploads';
import { MAX_IMAGE_BYTES, type ImageColumn, type ImageSource, type Media } from '../infra/media';

const IMAGE_TYPES = new Set(['jpg', 'png', 'gif', 'webp']);
/** A stored upload's name: a random id and the image's own extension. */
const STORED_NAME = /^[\w-]+\.(jpg|png|gif|webp)$/;

declare module 'fastify' {
    interface FastifyInstance {
        media: Media;
    }
}

const nameOf = (publicPath: unknown) => {
    const match = typeof publicPath === 'string' ? publicPath.match(/^\/uploads\/([\w-]+\.\w+)$/) : null;
    return match?.[1];
};

async function imageType(file: ImageSource) {
    const size = Buffer.isBuffer(file) ? file.length : file.size;
    if (size > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image is larger than 5 MB');
    if (size === 0) throw new HttpError(400, 'The image file is empty');
    // The declared name and type are the client's claim; the content decides.
    const type = Buffer.isBuffer(file) ? await fileTypeFromBuffer(file) : await fileTypeFromFile(file.path);
    if (!type || !IMAGE_TYPES.has(type.ext)) throw new HttpError(415, 'Please upload a JPEG, PNG, GIF or WebP image');
    return type.ext;
}

export default fp<{ config: Config; imageColumns?: ImageColumn[] }>(
    async (app, { config, imageColumns = [] }) => {
        const root = path.join(config.dataDir, 'uploads');
        const staging = tempDir(config);
        await fs.mkdir(root, { recursive: true });
        await fs.mkdir(staging, { recursive: true });

        /** Puts the image under `dir` with a fresh name: a streamed file is moved, bytes written whole first. */
        async function place(file: ImageSource, dir: string): Promise<string> {
            const ext = await imageType(file);
            const name = `${randomUUID()}.${ext}`;
            if (Buffer.isBuffer(file)) {
                const draft = path.join(staging, `${randomUUID()}.upload`);
                await fs.writeFile(draft, file, { flag: 'wx' });
                await fs.rename(draft, path.join(dir, name));
            } else {
                await fs.rename(file.path, path.join(dir, name));
            }
            return name;
        }

        app.decorate('media', {
            saveImage: async (file: ImageSource) => `/uploads/${await place(file, root)}`,
            stage: async (file: ImageSource) => `/uploads/${await place(file, staging)}`,
            async commit(publicPaths) {
                for (const name of publicPaths.map(nameOf)) {
                    if (!name) continue;
                    await fs.rename(path.join(staging, name), path.join(root, name)).catch((error: NodeJS.ErrnoException) => {
                        if (error.code !== 'ENOENT') throw error;
                    });
                }
            },
            async retire(publicPaths) {
                for (const name of publicPaths.map(nameOf)) {
                    if (!name) continue;
                    await fs.rename(path.join(root, name), path.join(staging, name)).catch((error: NodeJS.ErrnoException) => {
                        if (error.code !== 'ENOENT') throw error;
                    });
                }
            },
            async remove(publicPath) {
                const name = nameOf(publicPath);
                if (!name) return;
                await fs.rm(path.join(root, name), { force: true });
                await fs.rm(path.join(staging, name), { force: true });
            },
        });

        /** Whether a row anywhere points at this upload. */
        async function referenced(publicPath: string): Promise<boolean> {
            const db = app.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
            for (const { table, column } of imageColumns) {
                const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).where(column, '=', publicPath).limit(1).executeTakeFirst();
                if (row) return true;
            }
            return false;
        }

        /**
         * At start, settles what a crash left in the temporary folder (one server process per DATA_DIR):
         * half-received uploads go; a staged image moves into place when a committed row points at it
         * (the crash came between commit and move) and goes when none does.
         */
        async function sweep() {
            const names = await fs.readdir(staging).catch(() => [] as string[]);
            let moved = 0;
            let removed = 0;
            for (const name of names) {
                const file = path.join(staging, name);
                if (STORED_NAME.test(name) && (await referenced(`/uploads/${name}`))) {
                    await fs.rename(file, path.join(root, name));
                    moved++;
                } else {
                    await fs.rm(file, { force: true, recursive: true });
                    removed++;
                }
            }
            if (moved || removed) app.log.info({ moved, removed }, 'Settled the uploads an interrupted run left behind');
        }
        await sweep();

        await app.register(fastifyStatic, {
            root,
            prefix: '/uploads/',
            decorateReply: false,
            index: false,
            maxAge: '7d',
            setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
        });
    },
    { name: 'media', dependencies: ['db'] },
);
