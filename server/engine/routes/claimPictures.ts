import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../infra/errors';
import { copyOfUpload, ownUploadName } from '../../infra/ownUploads';
import { tempDir, type Upload } from '../../infra/uploads';
import { altField, orderField } from '../gallery';
import type { Values } from '../rows';
import type { RouteParts } from './routeParts';

type Refusals = Record<string, string>;

/**
 * Turns the picture addresses of a v1 JSON body into the file parts the store takes: each named upload (POST
 * /api/v1/uploads) or picture the shop already shows is copied, so the record gets a file of its own (two
 * records claiming one upload at once each get theirs, and the upload left behind is swept as unclaimed). A
 * gallery is the whole list wanted: pictures left out are removed, the kept ones take the list's order, new
 * addresses are added after them. Any other address is refused, field by field.
 */
export async function claimPictures({ app, described }: RouteParts, request: FastifyRequest, body: Values, stored?: Values): Promise<void> {
    const refusals: Refusals = {};
    const ownHosts = [request.host, new URL(app.config.publicUrl).host].flatMap((host) => ['http', 'https'].map((scheme) => new URL(`${scheme}://${host}`).host));
    const claim = async (field: string, address: string): Promise<Upload | undefined> => {
        const named = ownUploadName(address, ownHosts);
        if ('error' in named) return void (refusals[field] ??= named.error);
        const copy = await copyOfUpload(app.storage, named.name, tempDir(app.config), field);
        // Known now, so the copy is deleted once the request is answered, whatever happens.
        if (copy) (request.tempFiles ??= []).push(copy.path);
        else refusals[field] ??= `${address} is not a picture uploaded to this shop, or its upload was not used in time; please upload it again`;
        return copy ?? undefined;
    };
    for (const field of described.images) {
        const value = body[field];
        if (value === undefined) continue;
        if (value === null || value === '') {
            // Empty on an update removes the picture; a new record simply has none.
            if (stored) body[field] = '';
            else delete body[field];
        } else body[field] = await claim(field, String(value));
    }
    if (described.gallery && body[described.gallery.field] !== undefined) await claimGallery(described.gallery, body, stored, claim);
    const first = Object.values(refusals)[0];
    if (first) throw badRequest(first, refusals);
}

/** The gallery's list of addresses as the store's change: paths to remove, the order of those kept, copies to add. */
async function claimGallery(
    { field, removeField }: { field: string; removeField: string },
    body: Values,
    stored: Values | undefined,
    claim: (field: string, address: string) => Promise<Upload | undefined>,
) {
    const wanted = [...new Set([body[field]].flat().map(String))];
    const before = (stored?.[field] as string[] | undefined) ?? [];
    const kept = wanted.filter((path) => before.includes(path));
    const fresh = wanted.filter((path) => !before.includes(path));
    const alts = body[altField(field)];
    if (Array.isArray(alts)) body[altField(field)] = [...kept, ...fresh].map((path) => alts[wanted.indexOf(path)] ?? '');
    body[removeField] = before.filter((path) => !wanted.includes(path));
    body[orderField(field)] = kept;
    body[field] = (await Promise.all(fresh.map((address) => claim(field, address)))).filter(Boolean);
}
