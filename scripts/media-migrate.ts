// `npm run media:migrate [-- --check]`: copies an existing shop's DATA_DIR/uploads and DATA_DIR/videos into the
// bucket the S3_* settings name, where a server started with the same settings looks for them. Resumable: run it
// again after an interruption and it copies only what is not there yet (an object of the file's size is skipped).
// Checked: every copy is read back and its SHA-256 compared with the file's; a mismatch is reported, its object
// removed, and the run exits with 1. `--check` also reads back the objects it skips. Local files are never deleted.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { serverConfig } from './lib/serverConfig';
import { s3Client } from '../server/infra/storage/s3Storage';
import { migrateMedia, summaryLines } from './lib/mediaMigration';

const USAGE = 'Usage: npm run media:migrate [-- --check]   (S3_BUCKET and the other S3_* settings name the bucket; DATA_DIR the shop)';

function fail(message: string): never {
    console.error(message);
    process.exit(1);
}

let check = false;
try {
    check = parseArgs({ options: { check: { type: 'boolean', default: false } } }).values.check ?? false;
} catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
}

const config = serverConfig();
const bucket = config.s3Bucket;
if (!bucket) {
    fail(
        'S3_BUCKET is not set: set it, and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE ' +
            'as the servers will have them, to name the bucket the files go to.',
    );
}
if (!fs.existsSync(config.dataDir)) fail(`DATA_DIR ${config.dataDir} does not exist: set DATA_DIR to the shop's data folder.`);

console.log(`Copying ${config.dataDir}/uploads and ${config.dataDir}/videos to bucket "${bucket}"${check ? ', reading back what is there already' : ''}…`);
const client = s3Client({ ...config, s3Bucket: bucket });
try {
    const summary = await migrateMedia({ dataDir: config.dataDir, bucket, client, check });
    for (const line of summaryLines(summary, bucket)) console.log(line);
    process.exitCode = summary.failed ? 1 : 0;
} catch (error) {
    fail((error as Error).message);
} finally {
    client.destroy();
}
