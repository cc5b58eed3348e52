import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ifUnlocked } from '../db/advisoryLock';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { Config } from '../config';
import { HttpError, notFound } from '../infra/errors';
import { errorBody } from '../http/common';
import { tempDir } from '../infra/uploads';
import { sweepPeriodically } from '../infra/sweeps';
import { type ImageColumn, type ImageSource, type Media } from '../infra/media';
import { createStorage, storageKey, type Storage, type StorageArea } from '../infra/storage';
import { sendObject } from '../infra/storage/sendObject';
import { CATALOGUE_PICTURE, reencode, type PictureLimits } from '../infra/images/reencode';
import { DecodeSlots } from '../infra/images/decodeSlots';
import { makeVariant, variantFormat, variantKey, variantKeys, variantWidth, VARIANT_TYPES, type VariantFormat } from '../infra/images/variants';

/** The images we keep, by the extension `file-type` reads from the content, and the type we serve them as. */
const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
/** A stored upload's name: a random id and the image's own extension. */
const STORED_NAME = /^[\w-]+\.(jpg|png|gif|webp)$/;
/** Browsers may keep an image a week: a replaced image gets a new name, never new bytes under an old one. */
const IMAGE_CACHE = 'public, max-age=604800';
/** A variant's key names its image, width and format, and an image's bytes never change: a year. */
const VARIANT_CACHE = 'public, max-age=31536000, immutable';

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

async function imageType(file: ImageSource, limits: PictureLimits) {
    const size = Buffer.isBuffer(file) ? file.length : file.size;
    if (size > limits.maxBytes) throw new HttpError(413, `Image is larger than ${limits.maxBytes / 1024 / 1024} MB`);
    if (size === 0) throw new HttpError(400, 'The image file is empty');
    // The declared name and type are the client's claim; the content decides.
    // A view of the same bytes: file-type asks `instanceof Uint8Array`, which a Buffer made in another realm
    // (the DOM environment the app's tests run the server in) does not pass.
    const type = Buffer.isBuffer(file) ? await fileTypeFromBuffer(new Uint8Array(file.buffer, file.byteOffset, file.length)) : await fileTypeFromFile(file.path);
    if (!type || !(type.ext in IMAGE_TYPES)) throw new HttpError(415, 'Please upload a JPEG, PNG, GIF or WebP image');
    return type.ext;
}

/** Moves each named upload between two areas; a name not there is already where it belongs, or gone. */
async function moveAll(storage: Storage, publicPaths: string[], from: StorageArea, to: StorageArea) {
    for (const name of publicPaths.map(nameOf)) {
        if (name) await storage.move(storageKey(from, name), storageKey(to, name));
    }
}

/** The sized copies go with their image (they are made again if it comes back). */
async function dropVariants(storage: Storage, publicPaths: Array<string | null | undefined>) {
    const names = publicPaths.map(nameOf).filter((name): name is string => !!name);
    await Promise.all(names.flatMap(variantKeys).map((key) => storage.delete(key)));
}

function mediaOf(storage: Storage, workDir: string, decoding: DecodeSlots): Media {
    /**
     * Checks the image, writes it anew (upright, without metadata) and stores that in `area` under a
     * fresh name; the request's own file is left for its cleanup.
     */
    async function place(file: ImageSource, area: StorageArea, limits = CATALOGUE_PICTURE): Promise<string> {
        const ext = await imageType(file, limits);
        const fresh = await reencode(Buffer.isBuffer(file) ? file : file.path, ext, workDir, limits, decoding).catch((error: unknown) => {
            // The form's field is named, so the app shows the message beside the right input. Only the picture's own
            // faults: a full disk (507) is no field's, and must stay an OutOfService to be answered as one.
            if (error instanceof HttpError && error.statusCode < 500 && !Buffer.isBuffer(file)) {
                throw new HttpError(error.statusCode, error.message, { [file.field]: error.message });
            }
            throw error;
        });
        const name = `${randomUUID()}.${ext}`;
        try {
            await storage.put(storageKey(area, name), { path: fresh }, IMAGE_TYPES[ext]);
        } finally {
            await fs.rm(fresh, { force: true });
        }
        return `/uploads/${name}`;
    }
    return {
        decoding,
        saveImage: (file) => place(file, 'uploads'),
        stage: (file, limits) => place(file, 'staging', limits),
        commit: (publicPaths) => moveAll(storage, publicPaths, 'staging', 'uploads'),
        async retire(publicPaths) {
            await dropVariants(storage, publicPaths);
            await moveAll(storage, publicPaths, 'uploads', 'staging');
        },
        async remove(publicPath) {
            const name = nameOf(publicPath);
            if (!name) return;
            // Staged first: a commit of the same file may run meanwhile (another upload's, whose row this one's
            // replaced), and deleting the served copy first could miss it and then leave the moved one served.
            await storage.delete(storageKey('staging', name));
            await storage.delete(storageKey('uploads', name));
            await dropVariants(storage, [publicPath]);
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
 * Settles what a crash left staged: an image moves into place when a committed row points at it (the
 * crash came between commit and move) and goes when none does. Only what is older than the longest a
 * request may take is touched (`settledBefore`), since a younger one may be a request in flight, on
 * this instance or, in a shared bucket, on another. One instance at a time: the others skip the round.
 */
async function settleStaging(app: FastifyInstance, storage: Storage, imageColumns: ImageColumn[], settledBefore: number) {
    let moved = 0;
    let removed = 0;
    const ran = await ifUnlocked(
        app.db,
        'media-sweep',
        async () => {
            const stale = (await storage.list('staging/')).filter((item) => item.lastModified.getTime() < settledBefore);
            for (const { key } of stale) {
                const name = key.slice('staging/'.length);
                if (STORED_NAME.test(name) && (await referenced(app, imageColumns, `/uploads/${name}`))) {
                    moved += Number(await storage.move(key, storageKey('uploads', name)));
                } else {
                    await storage.delete(key);
                    removed++;
                }
            }
        },
        (span) => app.log.info(span, 'Background job ran'),
    );
    if (moved || removed) app.log.info({ moved, removed }, 'Settled the uploads an interrupted request left staged');
    return ran;
}

/** Empties the local temporary folder of half-received uploads: wholly, or of what was last written `before`. */
async function emptyTemp(config: Config, before?: number) {
    const temp = tempDir(config);
    for (const name of await fs.readdir(temp).catch(() => [] as string[])) {
        const file = path.join(temp, name);
        const stale = before === undefined || ((await fs.stat(file).catch(() => null))?.mtimeMs ?? Infinity) < before;
        if (stale) await fs.rm(file, { force: true, recursive: true });
    }
}

/**
 * The sweep at start (before the first request, so on local disk everything staged is settled and the
 * temporary folder emptied) and then every few minutes, by age, so what a crash left goes even when no
 * instance restarts.
 */
async function sweepNowAndOften(app: FastifyInstance, config: Config, storage: Storage, imageColumns: ImageColumn[]) {
    const inFlightSince = () => Date.now() - config.uploadTimeoutMs;
    // A bucket out of reach at start does not stop the server: the pictures' requests answer 503 until it is back,
    // the health check names it, and the next round of the sweep settles what this one could not.
    await settleStaging(app, storage, imageColumns, storage.shared ? inFlightSince() : Infinity).catch((error: unknown) =>
        app.log.error({ err: error }, 'The uploads sweep at start failed; it runs again within minutes'),
    );
    await emptyTemp(config);
    sweepPeriodically(app, 'uploads', async () => {
        await settleStaging(app, storage, imageColumns, inFlightSince());
        // On disk the temporary folder is staging's own, swept above; beside a bucket it is this instance's.
        if (storage.shared) await emptyTemp(config, inFlightSince());
    });
}

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

/**
 * A picture still staged although a committed row points at it: its request was killed between the commit and
 * the move. Asked for, the move is finished then and there (the sweep would, but only once the picture is older
 * than the longest a request may take): answers whether it moved.
 */
async function finishInterruptedMove(app: FastifyInstance, storage: Storage, imageColumns: ImageColumn[], name: string): Promise<boolean> {
    const staged = storageKey('staging', name);
    if (!(await storage.head(staged)) || !(await referenced(app, imageColumns, `/uploads/${name}`))) return false;
    // Another request, or the commit's own move, may get there first: either way the picture is in place.
    if (await storage.move(staged, storageKey('uploads', name))) app.log.warn({ name }, 'Finished moving a picture whose request was interrupted');
    return true;
}

/** One variant at a time per key in this process: a list of 100 thumbnails asks for each once. */
const making = new Map<string, Promise<boolean>>();

function variantOnce(media: Media, storage: Storage, name: string, width: number, format: VariantFormat) {
    const key = variantKey(name, width, format);
    let pending = making.get(key);
    if (!pending) {
        pending = makeVariant(storage, name, width, format, media.decoding).finally(() => making.delete(key));
        making.set(key, pending);
    }
    return pending;
}

/** A sized copy, made on first request and kept in storage; it never changes under its key, so it is cached a year. */
async function sendVariant(request: FastifyRequest, reply: FastifyReply, media: Media, storage: Storage, name: string, asked: unknown) {
    const width = variantWidth(asked);
    const format = variantFormat(request.headers.accept);
    const key = variantKey(name, width, format);
    reply.header('Vary', 'Accept');
    if (!(await storage.head(key)) && !(await variantOnce(media, storage, name, width, format))) throw notFound('File not found');
    return sendObject(request, reply, storage, key, { contentType: VARIANT_TYPES[format], cacheControl: VARIANT_CACHE });
}

/**
 * `/uploads/<name>` from any instance, disk or bucket alike: the picture as stored, or with `?w=` a
 * copy at most that wide.
 */
function serveUploads(app: FastifyInstance, storage: Storage, imageColumns: ImageColumn[]) {
    const schema = { tags: ['Pictures'], summary: 'A stored picture, or with `?w=` a copy at most that wide (WebP or JPEG)', response: { 404: errorBody } };
    // The name and `w` have no schema (both are checked here): the generic says what a path and a query hold.
    app.get<{ Params: { name: string }; Querystring: { w?: unknown } }>('/uploads/:name', { schema }, async (request, reply) => {
        const { name } = request.params;
        if (!STORED_NAME.test(name)) throw notFound('File not found');
        const { w } = request.query;
        if (w !== undefined) return sendVariant(request, reply, app.media, storage, name, w);
        const ext = name.slice(name.lastIndexOf('.') + 1);
        const send = () => sendObject(request, reply, storage, storageKey('uploads', name), { contentType: IMAGE_TYPES[ext], cacheControl: IMAGE_CACHE });
        return send().catch(async (error: unknown) => {
            if (!isNotFound(error) || !(await finishInterruptedMove(app, storage, imageColumns, name))) throw error;
            return send();
        });
    });
}

export default fp<{ config: Config; imageColumns?: ImageColumn[] }>(
    async (app, { config, imageColumns = [] }) => {
        await fs.mkdir(tempDir(config), { recursive: true });
        const storage = await createStorage(config);
        app.decorate('storage', storage);
        // One app per process: these slots are the process's whole budget for decoding pictures.
        app.decorate('media', mediaOf(storage, tempDir(config), new DecodeSlots(config.imageDecodeConcurrency)));
        await sweepNowAndOften(app, config, storage, imageColumns);
        serveUploads(app, storage, imageColumns);
    },
    { name: 'media', dependencies: ['db'] },
);
