import type { Storage } from '../../infra/storage';
import { storageKey } from '../../infra/storage/storage';
import { MAX_IMAGE_BYTES } from '../../infra/media';
import { fetchPicture, type FetchPolicy } from './fetchPicture';

/**
 * How an import reaches pictures: this shop's stored ones by name; with `fetch`, also another shop's, by the
 * full /uploads/… address its export wrote (fetchPicture.ts says within which bounds).
 */
export interface PictureStore {
    storage: Storage;
    /** The hosts an absolute address may name to mean this shop's own stored pictures. */
    ownHosts: string[];
    fetch?: FetchPolicy & {
        /** Bytes the import may still fetch in all: the fetched pictures wait in memory for the import's transaction. */
        budget: { left: number };
    };
}

/** The most bytes of pictures one import fetches from other shops; past it, rows come in without them (and say so). */
export const MAX_IMPORT_FETCH_BYTES = 64 * 1024 * 1024;

/** A picture a row names: one of this shop's stored uploads, or the bytes fetched from another shop. */
export type PictureSource = { name: string } | { bytes: Buffer };

const UPLOAD = /^\/uploads\/([\w-]+\.\w+)$/;

/** The stored name a cell's picture names, another shop's address of an upload, or why it cannot be had. */
function nameIn(token: string, ownHosts: string[]): { name: string } | { remote: URL } | { error: string } {
    let path = token;
    if (/^[a-z][\w+.-]*:/i.test(token)) {
        let url: URL;
        try {
            url = new URL(token);
        } catch {
            return { error: `${token} is not a picture address` };
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `${token} is not a picture address` };
        if (url.search || url.hash) return { error: `${token} names a sized copy; give the picture's own /uploads/… address` };
        if (!ownHosts.includes(url.host.toLowerCase())) {
            return UPLOAD.test(url.pathname) ? { remote: url } : { error: `${token} is not a picture address of a shop (/uploads/…)` };
        }
        path = url.pathname;
    }
    const match = path.match(UPLOAD);
    return match ? { name: match[1] } : { error: `${token} is not a picture path of this shop; give its /uploads/… path, as the export writes it` };
}

/** One token's picture: this shop's stored upload, another shop's fetched within the policy and budget, or why not. */
async function pictureOf(token: string, store: PictureStore): Promise<PictureSource | { error: string }> {
    const named = nameIn(token, store.ownHosts);
    if ('error' in named) return named;
    if ('name' in named) {
        return (await store.storage.head(storageKey('uploads', named.name))) ? named : { error: `${token} is not a picture uploaded to this shop` };
    }
    const { fetch } = store;
    if (!fetch) return { error: `${token} is on another site (${named.remote.host}); this import takes only pictures already uploaded to this shop` };
    if (fetch.budget.left <= 0) return { error: `${token} was not fetched: this import already fetched ${MAX_IMPORT_FETCH_BYTES / (1024 * 1024)} MB of pictures; import the rest in another file` };
    const fetched = await fetchPicture(named.remote, { ...fetch, maxBytes: Math.min(fetch.maxBytes ?? MAX_IMAGE_BYTES, fetch.budget.left) });
    if ('error' in fetched) return { error: `${token} could not be fetched: ${fetched.error}` };
    fetch.budget.left -= fetched.length;
    return { bytes: fetched };
}

/**
 * The pictures a cell names (an image column: one; a gallery column: several, separated by spaces, as the export
 * writes them), and a sentence for each that cannot be had: the row comes in without those, and the report says so.
 */
export async function picturesNamed(cell: string, store: PictureStore): Promise<{ found: PictureSource[]; missing: string[] }> {
    const found: PictureSource[] = [];
    const missing: string[] = [];
    for (const token of cell.trim().split(/\s+/).filter(Boolean)) {
        const picture = await pictureOf(token, store);
        if ('error' in picture) missing.push(picture.error);
        else found.push(picture);
    }
    return { found, missing };
}

/**
 * A copy of a stored picture's bytes, for the new row to own its own file: two rows sharing one would lose it
 * when either of them deletes or replaces it.
 */
export async function pictureBytes(name: string, storage: Storage): Promise<Buffer> {
    const object = await storage.get(storageKey('uploads', name));
    if (!object) throw new Error(`The stored picture ${name} went missing during the import`);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
}
