import type { Storage } from '../../infra/storage';
import { storageKey } from '../../infra/storage/storage';

/** How an import reaches this shop's stored pictures: by name only, never over the network. */
export interface PictureStore {
    storage: Storage;
    /** The hosts an absolute address may name (what the CSV export writes): the shop's own. */
    ownHosts: string[];
}

const UPLOAD = /^\/uploads\/([\w-]+\.\w+)$/;

/** The stored name a cell's picture names, or why it is refused. */
function nameIn(token: string, ownHosts: string[]): { name: string } | { error: string } {
    let path = token;
    if (/^[a-z][\w+.-]*:/i.test(token)) {
        let url: URL;
        try {
            url = new URL(token);
        } catch {
            return { error: `${token} is not a picture address` };
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `${token} is not a picture address` };
        if (!ownHosts.includes(url.host.toLowerCase())) {
            return { error: `${token} is on another site (${url.host}); an import takes only pictures already uploaded to this shop, by their /uploads/… path` };
        }
        if (url.search || url.hash) return { error: `${token} names a sized copy; give the picture's own /uploads/… path` };
        path = url.pathname;
    }
    const match = path.match(UPLOAD);
    return match ? { name: match[1] } : { error: `${token} is not a picture path of this shop; give its /uploads/… path, as the export writes it` };
}

/**
 * The stored pictures a cell names (an image column: one; a gallery column: several, separated by spaces, as the
 * export writes them), each checked to be one of this shop's uploads; the first refusal is the cell's message.
 */
export async function picturesNamed(cell: string, store: PictureStore): Promise<{ names: string[] } | { error: string }> {
    const names: string[] = [];
    for (const token of cell.trim().split(/\s+/).filter(Boolean)) {
        const named = nameIn(token, store.ownHosts);
        if ('error' in named) return named;
        if (!(await store.storage.head(storageKey('uploads', named.name)))) {
            return { error: `${token} is not a picture uploaded to this shop` };
        }
        names.push(named.name);
    }
    return { names };
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
