import type { Readable } from 'node:stream';
import type { ByteRange } from './byteRange';

/**
 * Every stored file has a key `<area>/<name>`: `uploads/` for public images, `staging/` for images whose
 * row is not committed yet, `variants/` for the sized copies of public images (made when first asked
 * for, deleted with their image), `videos/` for the video library. The same keys name files on disk and
 * objects in a bucket, so the callers never know which store runs.
 */
export type StorageArea = 'uploads' | 'staging' | 'variants' | 'videos';

export const storageKey = (area: StorageArea, name: string) => `${area}/${name}`;

/** What `put` stores: a local file it takes over (moved, or sent and then deleted), or bytes. */
export type PutSource = { path: string } | Buffer;

export interface ObjectInfo {
    size: number;
    etag?: string;
    lastModified?: Date;
    contentType?: string;
}

export interface StoredObject extends ObjectInfo {
    /** The whole object, or only the range asked for. */
    body: Readable;
}

export interface ListedObject {
    key: string;
    lastModified: Date;
}

export interface Storage {
    /**
     * Whether other server processes use the same store at once (a bucket): a start-up sweep must then
     * spare what is fresh, since it may belong to another instance's request in flight.
     */
    readonly shared: boolean;
    put(key: string, source: PutSource, contentType: string): Promise<void>;
    /** The object (or the bytes of `range`), or null when there is none. */
    get(key: string, range?: ByteRange): Promise<StoredObject | null>;
    head(key: string): Promise<ObjectInfo | null>;
    /** Deletes the object; one that is not there is no error. */
    delete(key: string): Promise<void>;
    /** The objects whose key starts with `prefix` (an area and its slash). */
    list(prefix: string): Promise<ListedObject[]>;
    /** Moves an object to another key; answers false when there was nothing at `from`. */
    move(from: string, to: string): Promise<boolean>;
    /** Answers when the store is reachable, throws when not (readiness); local disk has none (its free space is checked apart). */
    ping?(signal?: AbortSignal): Promise<void>;
}
