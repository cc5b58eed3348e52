import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config';
import type { ByteRange } from './byteRange';
import type { ListedObject, ObjectInfo, PutSource, Storage } from './storage';

/**
 * Multipart parts of 6 MB, one at a time: lib-storage holds a part (and its concatenation) in memory, so
 * a 500 MB video grew the server's RSS by about 40 MB all told (npm run bench:upload against a local
 * stand-in); 8 MB parts, or two in flight, passed 64 MB.
 */
export const PART_BYTES = 6 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

type S3Settings = Pick<Config, 's3Bucket' | 's3Endpoint' | 's3Region' | 's3AccessKeyId' | 's3SecretAccessKey' | 's3ForcePathStyle'>;

export function s3Client(config: S3Settings): S3Client {
    const options: S3ClientConfig = {
        region: config.s3Region,
        endpoint: config.s3Endpoint,
        forcePathStyle: config.s3ForcePathStyle,
        // Checksums only where S3 demands them: several S3-compatible stores refuse the SDK's default
        // trailing checksums (aws-chunked bodies), and ETags and lengths already guard every transfer.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A bucket that does not take the connection, or goes silent mid-transfer, fails the request (503) rather
        // than holding it: three seconds to connect, thirty without a byte either way.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    };
    // Without keys the SDK's own chain applies (environment, instance role).
    if (config.s3AccessKeyId && config.s3SecretAccessKey) {
        options.credentials = { accessKeyId: config.s3AccessKeyId, secretAccessKey: config.s3SecretAccessKey };
    }
    return new S3Client(options);
}

const isMissing = (error: unknown) => {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** The answer, or null when the object is not there. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> =>
    promise.catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
    });

/** The whole size from `Content-Range: bytes 0-99/1000`. */
const totalOf = (contentRange: string | undefined, length: number | undefined) => Number(contentRange?.split('/')[1] ?? length ?? 0);

/** Objects in one S3-compatible bucket (S3_BUCKET), shared by every server instance. */
export function s3Storage(config: S3Settings & { s3Bucket: string }, client = s3Client(config)): Storage {
    const Bucket = config.s3Bucket;

    /** A local file is sent in parts as it is read, then deleted; bytes go in one request. */
    async function put(Key: string, source: PutSource, ContentType: string) {
        if (Buffer.isBuffer(source)) {
            await client.send(new PutObjectCommand({ Bucket, Key, Body: source, ContentType }));
            return;
        }
        const Body = fs.createReadStream(source.path);
        const upload = new Upload({ client, params: { Bucket, Key, Body, ContentType }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
        try {
            await upload.done();
        } finally {
            Body.destroy();
        }
        await fsp.rm(source.path, { force: true });
    }

    async function head(Key: string): Promise<ObjectInfo | null> {
        const found = await orNull(client.send(new HeadObjectCommand({ Bucket, Key })));
        return found && { size: found.ContentLength ?? 0, etag: found.ETag, lastModified: found.LastModified, contentType: found.ContentType };
    }

    async function get(Key: string, range?: ByteRange) {
        const Range = range && `bytes=${range.start}-${range.end}`;
        const found = await orNull(client.send(new GetObjectCommand({ Bucket, Key, Range })));
        if (!found?.Body) return null;
        return {
            body: found.Body as Readable,
            size: totalOf(found.ContentRange, found.ContentLength),
            etag: found.ETag,
            lastModified: found.LastModified,
            contentType: found.ContentType,
        };
    }

    async function list(Prefix: string): Promise<ListedObject[]> {
        const listed: ListedObject[] = [];
        let ContinuationToken: string | undefined;
        do {
            const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
            for (const item of page.Contents ?? []) listed.push({ key: item.Key!, lastModified: item.LastModified ?? new Date(0) });
            ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return listed;
    }

    /** A bucket has no rename: a server-side copy (type and all), then the original goes. */
    async function move(from: string, Key: string) {
        const CopySource = `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
        const copied = await orNull(client.send(new CopyObjectCommand({ Bucket, Key, CopySource })));
        if (!copied) return false;
        await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
        return true;
    }

    return {
        shared: true,
        put,
        head,
        get,
        list,
        move,
        // HeadBucket: the cheapest call that proves the bucket is there and these keys may use it.
        async ping(abortSignal?: AbortSignal) {
            try {
                await client.send(new HeadBucketCommand({ Bucket }), { abortSignal });
            } catch (error) {
                // HeadBucket's refusals have no body, so the SDK's message may be empty: say what was asked and the status.
                const { name, message, $metadata } = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
                const status = $metadata?.httpStatusCode ? `HTTP ${$metadata.httpStatusCode} ` : '';
                throw new Error(`Bucket ${Bucket} did not answer: ${status}${message || name || 'unknown error'}`);
            }
        },
        async delete(Key: string) {
            await client.send(new DeleteObjectCommand({ Bucket, Key }));
        },
    };
}
