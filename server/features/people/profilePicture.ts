import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { discard } from '../../infra/files';
import type { PictureLimits } from '../../infra/images/reencode';
import { nowIso } from '../../infra/time';

/**
 * A profile picture is shown at 96 px at most, so it is kept 256 px square at most (sharp on a phone's screen),
 * and anything larger than a phone's 12-megapixel photo is refused from its header before a pixel is decoded:
 * any customer may send one, and a catalogue picture's 40 megapixels would cost each of them a second and 300 MB.
 */
export const PROFILE_PICTURE: PictureLimits = {
    maxBytes: 4 * 1024 * 1024,
    maxPixels: 12_000_000,
    tooManyPixels: (width, height) => `A profile picture may be at most 12 megapixels, and this one is ${width} × ${height} pixels; please send a smaller one`,
    fitInside: 256,
};

/**
 * Profile pictures a user may send per minute (PICTURE_RATE_LIMIT), counted per account rather than per address,
 * in the store every instance shares: one account cannot keep the decoders busy from many addresses.
 */
export const pictureRateLimit = (app: FastifyInstance) => ({
    max: app.config.pictureRateLimit,
    timeWindow: '1 minute',
    // The route is for signed-in users only, and the access check runs before this hook.
    keyGenerator: (request: FastifyRequest) => `user:${request.user!.id}`,
});

/**
 * Writes the user's profile with a new picture (`picture`, already staged) or none (null), as a catalogue
 * record's picture is saved (engine/saveRecord.ts): in one transaction, the picture the row pointed at is read
 * under the row's lock and moved out of the served folder, then `write` points the row elsewhere. Only after
 * the commit does the new file move into place and the old one go; if the write fails, both go back. Two
 * uploads at once are thus one after the other: the second retires the first's picture, and no file is left
 * that no row points at. A crash in between is settled by the uploads sweep.
 */
export async function replacePicture(app: FastifyInstance, userId: number, picture: string | null, write: (trx: Transaction<Database>) => Promise<unknown>) {
    let retired: string[] = [];
    try {
        await app.db.transaction().execute(async (trx) => {
            retired = await retireCurrent(app, trx, userId);
            await write(trx);
        });
    } catch (error) {
        await discard(app.media, [picture]);
        await app.media.commit(retired);
        throw error;
    }
    if (picture) await app.media.commit([picture]);
    await discard(app.media, retired);
}

async function retireCurrent(app: FastifyInstance, trx: Transaction<Database>, userId: number): Promise<string[]> {
    // The row first: a row that is not there yet cannot be locked, and two first uploads would each miss the other's picture.
    await trx
        .insertInto('profiles')
        .values({ userId, updatedAt: nowIso() })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
    const current = trx.selectFrom('profiles').select('profileImage').where('userId', '=', userId);
    // SQLite runs one write transaction at a time; PostgreSQL needs the row lock.
    const row = await (app.dbKind === 'postgres' ? current.forUpdate() : current).executeTakeFirst();
    const retired = row?.profileImage ? [row.profileImage] : [];
    await app.media.retire(retired);
    return retired;
}
