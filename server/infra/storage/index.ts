import type { Config } from '../../config';
import { diskStorage } from './diskStorage';
import { s3Storage } from './s3Storage';
import type { Storage } from './storage';

export * from './storage';

/** The store every file goes to, chosen once at start: a bucket when S3_BUCKET is set, else DATA_DIR. */
export function createStorage(config: Config): Promise<Storage> {
    const { s3Bucket } = config;
    return s3Bucket ? Promise.resolve(s3Storage({ ...config, s3Bucket })) : diskStorage(config.dataDir);
}
