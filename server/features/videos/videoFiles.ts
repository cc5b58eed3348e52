import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** Containers we keep, by the extension `file-type` reads from the content, and the type we serve them as. */
export const VIDEO_TYPES: Record<string, string> = {
    mp4: 'video/mp4',
    m4v: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
    mkv: 'video/x-matroska',
};

export const videoMaxBytes = (config: Config) => Math.floor(config.videoMaxMb * 1024 * 1024);

/**
 * Finished videos live under the store's `videos/` (DATA_DIR/videos/ on disk), outside the public
 * /uploads/, so that a file is reachable only through a signed stream link. Uploads in progress are
 * written to `.partial/` beside them on local disk (same file system, so the move into a disk store is
 * an atomic rename; a bucket store sends the finished file in parts).
 */
export function videoDirs(config: Config) {
    const dir = path.join(config.dataDir, 'videos');
    return { dir, partialDir: path.join(dir, '.partial') };
}

const DAY = 24 * 60 * 60;

/**
 * A link the `<video>` element can use without the bearer token: signed with the file's stored name,
 * which is random and never shown, so no server secret is needed and deleting the video kills the link.
 * It expires at the end of the next UTC day; within one day every list hands out the same link, so the
 * browser's cache keeps working.
 */
export function streamUrl(prefix: string, video: { id: number; storedName: string }, nowMs = Date.now()): string {
    const expires = (Math.floor(nowMs / 1000 / DAY) + 2) * DAY;
    return `${prefix}/videos/${video.id}/stream?expires=${expires}&sig=${signature(video, expires)}`;
}

function signature(video: { id: number; storedName: string }, expires: number): string {
    return createHmac('sha256', video.storedName).update(`${video.id}:${expires}`).digest('base64url');
}

/** 'ok', or why the link may not be used. */
export function checkStreamLink(
    video: { id: number; storedName: string },
    expires: number,
    sig: string,
    nowMs = Date.now(),
): 'ok' | 'forged' | 'expired' {
    const expected = Buffer.from(signature(video, expires));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
    return expires * 1000 < nowMs ? 'expired' : 'ok';
}

/**
 * Removes parts of uploads that a crash or a lost client left behind: those not written to for `olderThanMs`
 * (an upload in progress writes to its part as its bytes come, and no request outlives UPLOAD_TIMEOUT_MS).
 */
export async function sweepPartials(partialDir: string, olderThanMs: number): Promise<void> {
    const names = await fs.readdir(partialDir).catch(() => [] as string[]);
    const cutoff = Date.now() - olderThanMs;
    for (const name of names) {
        const file = path.join(partialDir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
    }
}
