import { s3Client, s3Storage } from '../../../server/infra/storage/s3Storage';
import { diskStorage } from '../../../server/infra/storage/diskStorage';
import type { Config } from '../../../server/config';
import type { Storage } from '../../../server/infra/storage/storage';

/** The store the server would use for these settings, and how to let go of it (the bucket's connections). */
export async function mediaStorage(config: Config): Promise<{ storage: Storage; close: () => void; source: { source: 'disk' } | { source: 's3'; bucket: string } }> {
    const bucket = config.s3Bucket;
    if (!bucket) return { storage: await diskStorage(config.dataDir), close: () => {}, source: { source: 'disk' } };
    const client = s3Client(config);
    return { storage: s3Storage({ ...config, s3Bucket: bucket }, client), close: () => client.destroy(), source: { source: 's3', bucket } };
}
