// `npm run backup -- <dir>`: one dated, checksummed backup of the shop the server's settings name (DATA_DIR,
// DATABASE_URL, S3_*), taken while the server runs, in <dir>/grocer-backup-<time>/. Exits with 1 and one
// sentence when it cannot. docs/operations.md says how to schedule it and how to restore.
import { serverConfig } from './lib/serverConfig';
import { BackupError } from './lib/backup/BackupError';
import { backupShop } from './lib/backup/backupShop';
import { sizeText } from './lib/backup/sizeText';

const USAGE = 'Usage: npm run backup -- <folder>   (the backup is written in a new dated folder inside it)';

function fail(message: string): never {
    console.error(message);
    process.exit(1);
}

const target = process.argv[2];
if (!target || target.startsWith('-') || process.argv.length > 3) fail(USAGE);

const config = serverConfig();
const started = performance.now();
try {
    const result = await backupShop(config, target);
    const { manifest } = result;
    for (const line of result.warnings) console.warn(line);
    const media = manifest.files.length - 1;
    const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
    console.log(
        `Backed up the ${manifest.database.kind} shop (migration ${manifest.database.migration}, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables) ` +
            `and ${media} picture/video file(s): ${sizeText(result.bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(result.dir);
} catch (error) {
    fail(error instanceof BackupError ? error.message : `Backup failed: ${(error as Error).stack ?? String(error)}`);
}
