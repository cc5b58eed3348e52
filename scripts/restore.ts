// `npm run restore -- <backup> [--force]`: restores a backup made by `npm run backup` into the shop the server's
// settings name (DATA_DIR, DATABASE_URL, S3_*), which must be empty unless --force (stop the server first), and
// checks the result against the backup's manifest. Exits with 0 only when the restored shop is verified.
import { parseArgs } from 'node:util';
import { serverConfig } from './lib/serverConfig';
import { BackupError } from './lib/backup/BackupError';
import { restoreShop } from './lib/backup/restoreShop';
import { sizeText } from './lib/backup/sizeText';

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]   (--force replaces a shop already there)';

function fail(message: string): never {
    console.error(message);
    process.exit(1);
}

let args: { backup: string; force: boolean };
try {
    const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
    if (positionals.length !== 1) throw new Error('Name one backup folder.');
    args = { backup: positionals[0], force: values.force ?? false };
} catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
}

const config = serverConfig();
const started = performance.now();
try {
    const result = await restoreShop(config, args.backup, { force: args.force });
    for (const line of result.warnings) console.warn(line);
    const { database, createdAt } = result.manifest;
    console.log(
        `Restored the ${database.kind} shop backed up at ${createdAt} (migration ${database.migration}): ${result.rows} rows in ${result.tables} tables ` +
            `and ${result.files} picture/video file(s), ${sizeText(result.bytes)}, in ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
            'Verified: every table has its rows and every file is back.',
    );
} catch (error) {
    fail(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).stack ?? String(error)}`);
}
