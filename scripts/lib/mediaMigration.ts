/**
 * Copies a shop's files from DATA_DIR (uploads/ and videos/) into an S3-compatible bucket under the keys the
 * server's bucket store reads (`uploads/<name>`, `videos/<name>`). Each file is streamed in parts (never held
 * whole), its SHA-256 taken as it is read; the object is then read back and its SHA-256 compared. An object
 * already there with the file's size is skipped, so a run that was interrupted is simply run again; with
 * `check`, such an object is read back and compared too, and copied again when it differs. Local files are
 * never deleted.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, pipeline, type Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { diskAreas } from '../../server/infra/storage/diskStorage';
import { PART_BYTES } from '../../server/infra/storage/s3Storage';
import { storageKey, type StorageArea } from '../../server/infra/storage/storage';
import { VIDEO_TYPES } from '../../server/features/videos/videoFiles';

/** The areas copied; staging (DATA_DIR/tmp) holds only files a start-up sweep settles, and is left alone. */
const AREAS = ['uploads', 'videos'] as const satisfies readonly StorageArea[];
const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
const TYPES: Record<string, string> = { ...IMAGE_TYPES, ...VIDEO_TYPES };

export interface MigrationOptions {
    dataDir: string;
    bucket: string;
    client: S3Client;
    /** Also read back the objects already there with the right size, and copy again those that differ. */
    check?: boolean;
    /** Files copied at once (each sends one part at a time). */
    concurrency?: number;
    log?: (line: string) => void;
}

export interface MigrationSummary {
    copied: number;
    skipped: number;
    failed: number;
    /** Bytes copied in this run. */
    bytes: number;
    failures: Array<{ key: string; reason: string }>;
    /** Local folders that were not there (nothing to copy from them). */
    missing: string[];
}

interface LocalFile {
    key: string;
    file: string;
    size: number;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The regular files directly in an area's folder (folders in it, such as videos/.partial, are not stored files). */
async function filesOf(dir: string, area: StorageArea): Promise<LocalFile[] | null> {
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
    });
    if (!entries) return null;
    const files: LocalFile[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const file = path.join(dir, entry.name);
        const stat = await fsp.stat(file);
        if (stat.isFile()) files.push({ key: storageKey(area, entry.name), file, size: stat.size });
    }
    return files;
}

/** The SHA-256 (hex) of a stream's bytes, and how many there were. */
async function digestOf(body: Readable) {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of body) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
    }
    return { sha256: hash.digest('hex'), size };
}

const isMissing = (error: unknown) => {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/** The few calls a migration makes on the bucket. */
function bucketOf(client: S3Client, Bucket: string) {
    return {
        async reachable() {
            try {
                await client.send(new HeadBucketCommand({ Bucket }));
            } catch (error) {
                throw new Error(`Cannot reach the bucket "${Bucket}": ${(error as Error).name} ${(error as Error).message}`.trim());
            }
        },
        /** The object's size, or null when there is none. */
        sizeOf: (Key: string) =>
            client.send(new HeadObjectCommand({ Bucket, Key })).then(
                (head) => head.ContentLength ?? 0,
                (error: unknown) => {
                    if (isMissing(error)) return null;
                    throw error;
                },
            ),
        async digestOf(Key: string) {
            const object = await client.send(new GetObjectCommand({ Bucket, Key }));
            return digestOf(object.Body as Readable);
        },
        /** Streams the file up in parts, hashing what it reads; answers the digest of the bytes sent. */
        async upload({ key: Key, file, size }: LocalFile) {
            const hash = createHash('sha256');
            let sent = 0;
            const hashing = new Transform({
                transform(chunk: Buffer, _encoding, done) {
                    hash.update(chunk);
                    sent += chunk.length;
                    done(null, chunk);
                },
            });
            const Body = pipeline(fs.createReadStream(file), hashing, () => undefined);
            const ContentType = TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
            const params = { Bucket, Key, Body, ContentType, ContentLength: size };
            // Parts are discarded here rather than by lib-storage, whose failed abort would hide why the upload failed.
            const upload = new Upload({ client, params, partSize: PART_BYTES, queueSize: 1, leavePartsOnError: true });
            try {
                await upload.done();
            } catch (error) {
                const { uploadId: UploadId } = upload;
                if (UploadId) {
                    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch((abort: Error) => {
                        (error as Error).message += ` (and its parts sent so far could not be discarded: ${abort.message})`;
                    });
                }
                throw error;
            } finally {
                Body.destroy();
            }
            return { sha256: hash.digest('hex'), size: sent };
        },
        async remove(Key: string) {
            await client.send(new DeleteObjectCommand({ Bucket, Key }));
        },
    };
}

/** Every file of the areas, and the folders that are not there. */
async function localFiles(dataDir: string) {
    const areas = diskAreas(dataDir);
    const files: LocalFile[] = [];
    const missing: string[] = [];
    for (const area of AREAS) {
        const found = await filesOf(areas[area].dir, area);
        if (found) files.push(...found);
        else missing.push(areas[area].dir);
    }
    return { files, missing };
}

export async function migrateMedia(options: MigrationOptions): Promise<MigrationSummary> {
    const { check = false, concurrency = 4, log = console.log } = options;
    const bucket = bucketOf(options.client, options.bucket);
    await bucket.reachable();
    const { files: queue, missing } = await localFiles(options.dataDir);
    for (const folder of missing) log(`No folder ${folder}: nothing to copy from it.`);
    const summary: MigrationSummary = { copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [], missing };

    async function sameBytes(local: LocalFile) {
        const [there, here] = await Promise.all([bucket.digestOf(local.key), digestOf(fs.createReadStream(local.file))]);
        if (there.sha256 !== here.sha256) log(`differs: ${local.key} (same size, other bytes): copying it again`);
        return there.sha256 === here.sha256;
    }

    /** Copies one file unless the bucket has it already, and checks the copy. */
    async function migrate(local: LocalFile) {
        const present = await bucket.sizeOf(local.key);
        if (present === local.size && (!check || (await sameBytes(local)))) {
            summary.skipped++;
            return;
        }
        const sent = await bucket.upload(local);
        const there = await bucket.digestOf(local.key);
        if (sent.size !== local.size || there.size !== sent.size || there.sha256 !== sent.sha256) {
            // Not left behind: a later run would take an object of the right size for a good copy.
            await bucket.remove(local.key);
            throw new Error(
                `the copy does not match: ${sent.size} bytes read (file ${local.size}), ${there.size} in the bucket; ` +
                    `SHA-256 ${sent.sha256} sent, ${there.sha256} read back`,
            );
        }
        summary.copied++;
        summary.bytes += local.size;
        log(`copied: ${local.key} (${sizeText(local.size)})`);
    }

    const worker = async () => {
        for (let local = queue.shift(); local; local = queue.shift()) {
            const { key } = local;
            await migrate(local).catch((error: unknown) => {
                const reason = (error as Error).message || String(error);
                summary.failed++;
                summary.failures.push({ key, reason });
                log(`FAILED: ${key}: ${reason}`);
            });
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return summary;
}

/** The closing lines of a run, for people. */
export function summaryLines(summary: MigrationSummary, bucket: string): string[] {
    const lines = [
        `Copied ${summary.copied} file(s) (${sizeText(summary.bytes)}) to bucket "${bucket}", skipped ${summary.skipped} already there, ${summary.failed} failed.`,
    ];
    for (const { key, reason } of summary.failures) lines.push(`  failed: ${key}: ${reason}`);
    if (summary.failed) lines.push('Run it again to retry what failed; what was copied is skipped.');
    lines.push('No local file was deleted: remove DATA_DIR/uploads and DATA_DIR/videos yourself once the shop runs from the bucket.');
    return lines;
}
