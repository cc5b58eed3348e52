import path from 'node:path';
import { BackupError } from './BackupError';
import { digestOfFile } from './hashedCopy';
import { readManifest, type Manifest } from './manifest';

/**
 * Reads the manifest and checks every file it lists against its size and SHA-256, before anything is written
 * anywhere: a damaged or incomplete backup is refused, naming the file.
 */
export async function verifyBackup(backupDir: string): Promise<Manifest> {
    const manifest = await readManifest(backupDir);
    if (!manifest.files.some((file) => file.path === manifest.database.file)) {
        throw new BackupError(`The backup's manifest does not list its database file ${manifest.database.file}: the backup is damaged.`);
    }
    for (const entry of manifest.files) {
        const file = path.join(backupDir, ...entry.path.split('/'));
        const found = await digestOfFile(file).catch(() => null);
        if (!found) throw new BackupError(`The backup is damaged: ${entry.path} is missing (${file}).`);
        if (found.size !== entry.size || found.sha256 !== entry.sha256) {
            throw new BackupError(
                `The backup is damaged: ${entry.path} does not match its checksum (${found.size} bytes, SHA-256 ${found.sha256}; ` +
                    `the manifest says ${entry.size} bytes, ${entry.sha256}). Restore from another backup.`,
            );
        }
    }
    return manifest;
}
