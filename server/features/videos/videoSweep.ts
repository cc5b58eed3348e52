import type { FastifyInstance } from 'fastify';
import { ifUnlocked } from '../../db/advisoryLock';
import { halfReceivedAfterMs } from '../../infra/sweeps';
import { sweepPartials } from './videoFiles';
import { storageKey } from '../../infra/storage';

/** Bounds a read's `in (...)` list well below every driver's parameter limit. */
const CHUNK = 500;

/**
 * What an interrupted upload leaves: a part on this instance's disk (removed once it has not been written to for
 * longer than a request may last), and a stored video no row names. An upload stores its video, then records it;
 * a process killed between the two leaves the file in the store for good. Such a file goes once it is older
 * than UPLOAD_TIMEOUT_MS, the longest an upload's request may last, so the upload that stored it is surely over,
 * on this instance or, in a shared bucket, on another. One instance at a time: the others skip the round.
 */
export async function sweepVideos(app: FastifyInstance, partialDir: string): Promise<void> {
    await sweepPartials(partialDir, halfReceivedAfterMs(app.config));
    const before = Date.now() - app.config.uploadTimeoutMs;
    let removed = 0;
    await ifUnlocked(
        app.db,
        'video-sweep',
        async () => {
            const stale = (await app.storage.list('videos/')).filter((item) => item.lastModified.getTime() < before).map(({ key }) => key.slice('videos/'.length));
            // Every recorded video is older than that too: their rows are read a chunk at a time, not one by one.
            for (let first = 0; first < stale.length; first += CHUNK) {
                const names = stale.slice(first, first + CHUNK);
                const rows = await app.db.selectFrom('videos').select('storedName').where('storedName', 'in', names).execute();
                const recorded = new Set(rows.map((row) => row.storedName));
                for (const name of names.filter((one) => !recorded.has(one))) {
                    await app.storage.delete(storageKey('videos', name));
                    removed++;
                }
            }
        },
        (span) => app.log.info(span, 'Background job ran'),
    );
    if (removed) app.log.info({ removed }, 'Removed the videos an interrupted upload stored without recording them');
}
