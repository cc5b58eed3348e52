// A local S3-compatible server (@20minutes/s3rver, from the npm registry) for tests and scripts that need a
// bucket: the object storage a shop would run cannot be reached from here, so this answers as S3 does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { s3Client } from '../../server/infra/storage/s3Storage';

/** The settings a server takes for one bucket, as config fields and as its environment. */
export interface BucketSettings {
    s3Bucket: string;
    s3Endpoint: string;
    s3Region: string;
    s3AccessKeyId: string;
    s3SecretAccessKey: string;
    s3ForcePathStyle: true;
}

export interface S3Standin {
    endpoint: string;
    /** Creates a bucket and answers its settings. */
    bucket(name: string): Promise<BucketSettings>;
    close(): Promise<void>;
}

/** The environment a spawned server reads for the bucket. */
export const bucketEnv = (settings: BucketSettings): Record<string, string> => ({
    S3_BUCKET: settings.s3Bucket,
    S3_ENDPOINT: settings.s3Endpoint,
    S3_REGION: settings.s3Region,
    S3_ACCESS_KEY_ID: settings.s3AccessKeyId,
    S3_SECRET_ACCESS_KEY: settings.s3SecretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
});

/** The part of s3rver's file-system store that `keepFolders` replaces. */
interface FilesystemStore {
    deleteObject(bucket: string, key: string): Promise<void>;
    getResourcePath(bucket: string, key: string, resource: string): string;
}

/**
 * s3rver's delete removes a folder it finds empty with a recursive rm, which races with a put into the same
 * folder at that moment and can take the new object with it (seen under the cluster test's load: an
 * acknowledged picture missing). S3 has no folders; this delete removes the object's files and leaves them.
 */
function keepFolders(server: S3rver) {
    const store = (server as unknown as { store: FilesystemStore }).store;
    store.deleteObject = async (bucket, key) => {
        const files = ['object', 'object.md5', 'metadata.json'].map((resource) => store.getResourcePath(bucket, key, resource));
        await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
    };
}

export async function s3Standin(): Promise<S3Standin> {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    // The stand-in signs bucket-level requests (ListObjectsV2) differently from the SDK, so its signature
    // check is off; the SDK still signs every request with the keys given.
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, allowMismatchedSignatures: true });
    keepFolders(server);
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    return {
        endpoint,
        async bucket(name) {
            const settings: BucketSettings = { s3Bucket: name, s3Endpoint: endpoint, s3Region: 'us-east-1', s3AccessKeyId: 'S3RVER', s3SecretAccessKey: 'S3RVER', s3ForcePathStyle: true };
            await s3Client(settings).send(new CreateBucketCommand({ Bucket: name }));
            return settings;
        },
        async close() {
            server.httpServer.closeAllConnections();
            await server.close();
            fs.rmSync(directory, { recursive: true, force: true });
        },
    };
}
