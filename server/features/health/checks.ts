import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from '../../db/migrations';

/** One dependency's probe: resolves (with an optional note) when it is usable, throws saying why when not. */
export type Check = (app: FastifyInstance, signal: AbortSignal) => Promise<string | void>;

const MB = 1024 * 1024;

const database: Check = async (app) => {
    await sql`select 1`.execute(app.db);
};

/**
 * Every migration this code carries has run. Migrations may run out of date order (a branch's older-dated one
 * lands later), so it is the whole set that is compared, not only the newest name.
 */
const migrationsCurrent: Check = async (app) => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
    const ran = new Set(rows.map((row) => row.name));
    const pending = Object.keys(migrations).filter((name) => !ran.has(name));
    if (pending.length) throw new Error(`${pending.length} migration(s) have not run: ${pending.join(', ')}`);
    // A newer version's migrations are expected while it rolls out beside this one; this code still works.
    const unknown = rows.length - (Object.keys(migrations).length - pending.length);
    if (unknown > 0) return `The database has ${unknown} migration(s) newer than this code`;
};

const bucket: Check = async (app, signal) => {
    await app.storage.ping?.(signal);
};

const redis: Check = async (app) => {
    await app.limitCounter.ping?.();
};

/** DATA_DIR holds SQLite, the outbox and uploads in flight: a full disk fails writes in ways users see. */
const disk: Check = async (app) => {
    const { dataDir, minFreeDiskMb } = app.config;
    const stats = await fs.statfs(dataDir);
    const freeMb = Math.floor((stats.bavail * stats.bsize) / MB);
    if (freeMb < minFreeDiskMb) throw new Error(`Only ${freeMb} MB free on ${dataDir}; at least ${minFreeDiskMb} MB are needed`);
};

/** The checks this configuration calls for: the bucket only with S3_BUCKET, Redis only with REDIS_URL. */
export function checksFor(app: FastifyInstance): Record<string, Check> {
    return {
        database,
        migrations: migrationsCurrent,
        ...(app.config.s3Bucket ? { bucket } : {}),
        ...(app.config.redisUrl ? { redis } : {}),
        disk,
    };
}
