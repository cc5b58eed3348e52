/** What a gallery's audit line amounts to: pictures added, removed, whether the kept ones moved, and a swap with the main picture. */
export interface GalleryChange {
    added: number;
    removed: number;
    reordered: boolean;
    /** A gallery picture became the main one (the main picture, if any, taking its place). */
    madeMain: boolean;
}

/** The same line's change of the main picture, when the gallery has one (`gallery.main`). */
export interface MainChange {
    before?: unknown;
    after?: unknown;
}

const pathsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Whether the main picture and a gallery picture swapped places (`makeMain`): the new main picture was in the
 * gallery and left it, and the old one, if any, came into it.
 */
function swapped(was: string[], is: string[], main?: MainChange): main is { before?: string; after: string } {
    if (typeof main?.after !== 'string' || !was.includes(main.after) || is.includes(main.after)) return false;
    return !main.before || (typeof main.before === 'string' && is.includes(main.before) && !was.includes(main.before));
}

/**
 * Reads a gallery's `before` and `after` lists (and the main picture's change of the same line). Lines written
 * before galleries could be rearranged hold only the removed paths and the added ones; read the same way they
 * count right and never show a move. A swap with the main picture is told as such, not as one picture added and one removed.
 */
export function galleryChange(before: unknown, after: unknown, main?: MainChange): GalleryChange {
    const is = pathsOf(after);
    let was = pathsOf(before);
    const madeMain = swapped(was, is, main);
    if (madeMain) was = main.before ? was.map(path => (path === main.after ? main.before! : path)) : was.filter(path => path !== main.after);
    const kept = was.filter(path => is.includes(path));
    const stillThere = is.filter(path => was.includes(path));
    return {
        added: is.filter(path => !was.includes(path)).length,
        removed: was.length - kept.length,
        reordered: kept.some((path, i) => stillThere[i] !== path),
        madeMain,
    };
}
