import type { DecodeSlots } from './images/decodeSlots';
import { CATALOGUE_PICTURE, type PictureLimits } from './images/reencode';
import type { Upload } from './uploads';

export const MAX_IMAGE_BYTES = CATALOGUE_PICTURE.maxBytes;

/** An image as a request brings it (a streamed multipart file) or as the server makes it (bytes). */
export type ImageSource = Upload | Buffer;

/** A table column holding upload paths (`/uploads/<name>`). */
export interface ImageColumn {
    table: string;
    column: string;
}

export interface Media {
    /** Checks the file is an image we accept and stores it at once; answers the public path. */
    saveImage(file: ImageSource): Promise<string>;
    /**
     * Checks and stages the file under its final name but outside the served folder (within `limits`, a
     * catalogue picture's unless given); answers the public path. `commit` moves it into place once the row pointing at it is committed; a crash in
     * between is settled at the next start (moved in when a row points at it, deleted when none does).
     */
    stage(file: ImageSource, limits?: PictureLimits): Promise<string>;
    /** Moves staged files into place (paths not staged are already there or gone, and skipped). */
    commit(publicPaths: string[]): Promise<void>;
    /**
     * Moves stored files back to staging while the rows stop pointing at them; `commit` puts them back
     * if the change fails, `remove` deletes them once it is committed, and a crash is settled at start.
     */
    retire(publicPaths: string[]): Promise<void>;
    /** The pictures decoded at once in this process (IMAGE_DECODE_CONCURRENCY), and those waiting. */
    readonly decoding: DecodeSlots;
    /** Removes a stored or staged upload; a path that is not ours is ignored. */
    remove(publicPath: string | null | undefined): Promise<void>;
}
