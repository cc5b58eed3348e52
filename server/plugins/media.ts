import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { Config } from '../config';
import { HttpError, notFound } from '../infra/errors';
import { tempDir } from '../infra/uploads';
import { MAX_IMAGE_BYTES, type ImageColumn, type ImageSource, type Media } from '../infra/media';
import { createStorage, storageKey, type ListedObject, type Storage, type StorageArea } from '../infra/storage';
import { sendObject } from '../infra/storage/sendObject';

/** The images we keep, by the extension `file-type` reads from the content, and the type we serve them as. */
const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
/** A stored upload's name: a random id and the image's own extension. */
const STORED_NAME = /^[\w-]+\.(jpg|png|gif|webp)$/;
/** Browsers may keep an image a week: a replaced image gets a new name, never new bytes under an old one. */
const IMAGE_CACHE = 'public, max-age=604800';

declare module 'fastify' {
    interface FastifyInstance {
        media: Media;
        /** Where every file lives (disk or bucket); the video library keeps its files here too. */
        storage: Storage;
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
    if (!type || !(type.ext in IMAGE_TYPES)) throw new HttpError(415, 'Please upload a JPEG, PNG, GIF or WebP image');
    return type.ext;
}

/** Moves each named upload between two areas; a name not there is already where it belongs, or gone. */
async function moveAll(storage: Storage, publicPaths: string[], from: StorageArea, to: StorageArea) {
    for (const name of publicPaths.map(nameOf)) {
        if (name) await storage.move(storageKey(from, name), storageKey(to, name));
    }
}

function mediaOf(storage: Storage): Media {
    /** Checks the image and stores it in `area` under a fresh name (a streamed file is taken over). */
    async function place(file: ImageSource, area: StorageArea): Promise<string> {
        const ext = await imageType(file);
        const name = `${randomUUID()}.${ext}`;
        await storage.put(storageKey(area, name), Buffer.isBuffer(file) ? file : { path: file.path }, IMAGE_TYPES[ext]);
        return `/uploads/${name}`;
    }
    return {
        saveImage: (file) => place(file, 'uploads'),
        stage: (file) => place(file, 'staging'),
        commit: (publicPaths) => moveAll(storage, publicPaths, 'staging', 'uploads'),
        retire: (publicPaths) => moveAll(storage, publicPaths, 'uploads', 'staging'),
        async remove(publicPath) {
            const name = nameOf(publicPath);
            if (!name) return;
            await storage.delete(storageKey('uploads', name));
            await storage.delete(storageKey('staging', name));
        },
    };
}

/** Whether a row anywhere points at this upload. */
async function referenced(app: FastifyInstance, imageColumns: ImageColumn[], publicPath: string): Promise<boolean> {
    const db = app.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const { table, column } of imageColumns) {
        const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).where(column, '=', publicPath).limit(1).executeTakeFirst();
        if (row) return true;
    }
    return false;
}

/**
 * At start, settles what a crash left staged: an image moves into place when a committed row points
 * at it (the crash came between commit and move) and goes when none does. A shared bucket spares what
 * is younger than the longest a request may take, which may be another instance's upload in flight.
 * Then the local temporary folder is emptied of half-received uploads (one server process per DATA_DIR).
 */
async function sweep(app: FastifyInstance, config: Config, storage: Storage, imageColumns: ImageColumn[]) {
    const settledBefore = storage.shared ? Date.now() - config.uploadTimeoutMs : Infinity;
    const stale = (item: ListedObject) => item.lastModified.getTime() < settledBefore;
    let moved = 0;
    let removed = 0;
    for (const { key } of (await storage.list('staging/')).filter(stale)) {
        const name = key.slice('staging/'.length);
        if (STORED_NAME.test(name) && (await referenced(app, imageColumns, `/uploads/${name}`))) {
            moved += Number(await storage.move(key, storageKey('uploads', name)));
        } else {
            await storage.delete(key);
            removed++;
        }
    }
    const temp = tempDir(config);
    for (const name of await fs.readdir(temp).catch(() => [] as string[])) {
        await fs.rm(path.join(temp, name), { force: true, recursive: true });
        removed++;
    }
    if (moved || removed) app.log.info({ moved, removed }, 'Settled the uploads an interrupted run left behind');
}

/** `/uploads/<name>` from any instance: files on disk as they lie, objects streamed from the bucket. */
async function serveUploads(app: FastifyInstance, storage: Storage, config: Config) {
    if (!storage.shared) {
        await app.register(fastifyStatic, {
            root: path.join(config.dataDir, 'uploads'),
            prefix: '/uploads/',
            decorateReply: false,
            index: false,
            maxAge: '7d',
            setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
        });
        return;
    }
    app.get('/uploads/:name', async (request, reply) => {
        const { name } = request.params as { name: string };
        if (!STORED_NAME.test(name)) throw notFound('File not found');
        const ext = name.slice(name.lastIndexOf('.') + 1);
        return sendObject(request, reply, storage, storageKey('uploads', name), { contentType: IMAGE_TYPES[ext], cacheControl: IMAGE_CACHE });
    });
}

export default fp<{ config: Config; imageColumns?: ImageColumn[] }>(
    async (app, { config, imageColumns = [] }) => {
        await fs.mkdir(tempDir(config), { recursive: true });
        const storage = await createStorage(config);
        app.decorate('storage', storage);
        app.decorate('media', mediaOf(storage));
        await sweep(app, config, storage, imageColumns);
        await serveUploads(app, storage, config);
    },
    { name: 'media', dependencies: ['db'] },
);
