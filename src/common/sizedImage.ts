import { IMAGE_URL, imageUrl } from '../config';

/** The widths the server makes copies at (`/uploads/<file>?w=`); see server/infra/images/variants.ts. */
export const IMAGE_WIDTHS = [64, 160, 320, 640, 1280] as const;

const isStored = (url: string) => url.startsWith(`${IMAGE_URL}/uploads/`);

/**
 * The attributes of an image drawn `drawn` CSS pixels wide: the smallest copy that fills it at this screen's
 * density, and a `srcset` so the browser may choose; a preview of a file not yet sent, or an address from
 * elsewhere, goes as it is.
 */
export function sizedImage(path: string, drawn: number): { src: string; srcSet?: string; sizes?: string } {
    const url = imageUrl(path);
    if (!isStored(url)) return { src: url };
    const fits = IMAGE_WIDTHS.find(width => width >= drawn) ?? IMAGE_WIDTHS.at(-1)!;
    // Up to the first copy three times the drawn width: enough for any phone screen, and no 1280 copy for a thumbnail.
    const enough = IMAGE_WIDTHS.findIndex(width => width >= drawn * 3);
    const useful = enough === -1 ? IMAGE_WIDTHS : IMAGE_WIDTHS.slice(0, enough + 1);
    return {
        src: `${url}?w=${fits}`,
        srcSet: useful.map(width => `${url}?w=${width} ${width}w`).join(', '),
        sizes: `${drawn}px`,
    };
}
