// Keeps what the modules beside it read whole, per database and key (least recently used dropped first); forgets a value when the stamp it was read at moves.
/** Keys followed per database (lists by filter and sort; tables), the least recently used dropped first. */
const MAX_KEYS = 1000;

/** Something read whole at one stamp, or still being paid for by the pages answered without it. */
interface Kept<T> {
    stamp: string;
    /** What the pages answered without it at this stamp cost, in the unit of `worth`. */
    missed: number;
    reading?: Promise<unknown>;
    /** The stamp `reading` brings the value up to date for, when it is an `update` (not a whole read). */
    updatingFor?: string;
    value?: T;
    /** The last value read or brought up to date, at whatever stamp: what `update` starts from. */
    base?: T;
    rows: number;
}

/** How one page asks for a thing read whole (keptWhole). */
export interface WholeAsk<T> {
    /** What this page costs without it. */
    cost: number;
    /** What reading it costs, in the same unit: it is read once the pages' costs at one stamp add up to this. */
    worth: number;
    /** Rows it would hold, and how many all things kept together may hold (no bound when left out). */
    rows?: number;
    maxRows?: number;
    /** Reads it whole; left out, it is only ever derived. */
    read?: () => Promise<T>;
    /**
     * Brings a value read at an earlier stamp up to date, at about a page's cost (what was written since): given,
     * a moved stamp starts it at once, not a whole read, and only what was never read waits for the pages' costs.
     * What it brings must be at least as new as the stamp it is asked for. Undefined where it cannot (an order by a
     * text): then the pages' costs decide, as before a first read.
     */
    update?: (old: T) => Promise<T> | undefined;
    /**
     * Worked out at once from other things kept (a filtered order's marks from the whole order and the filter's
     * column), or undefined when they are not kept: asked before the page's cost counts towards a read, and kept
     * like one.
     */
    derive?: () => T | undefined;
    /** The rows a thing derived holds, where `rows` could only guess them beforehand (it bounds what is derived). */
    measure?: (value: T) => number;
    /** Called when a read is done (`updated`: by `update`). */
    done: (updated: boolean) => void;
}

/**
 * Things read whole, per database, by key (most recently used last), under the ski-rental rule: what a page asks
 * for is the value kept at its `stamp` (the versions the thing follows), or undefined; then the page's cost counts
 * towards reading it, beside the requests, which go on the slow way until it is done (waiting stalled them on a
 * loaded PostgreSQL). So a list that keeps moving never spends much more on reading than it would have on its
 * pages, and one read at rest soon has it. A failed read is tried again after as many pages more. What a read
 * brings is kept only while the stamp it was read for stands, and a moved stamp sets the old value aside at once.
 * With `update`, a moved stamp brings the last value up to date at once instead of setting it aside, and what
 * the pages cost counts from the last read on, across stamps. With
 * `maxRows`, the least recently used are dropped past it, and a thing larger than a quarter of it never read.
 */
export function keptWhole<T>() {
    const byDb = new WeakMap<object, Map<string, Kept<T>>>();
    const rowsOf = (cache: Map<string, Kept<T>>) => [...cache.values()].reduce((sum, entry) => sum + (entry.value ?? entry.base ? entry.rows : 0), 0);
    /** Drops the least recently used others until what is kept fits `maxRows`. */
    const fit = (cache: Map<string, Kept<T>>, entry: Kept<T>, maxRows: number) => {
        let held = rowsOf(cache);
        for (const [other, kept] of cache) {
            if (held <= maxRows) break;
            if (kept === entry) continue;
            cache.delete(other);
            held -= kept.value ?? kept.base ? kept.rows : 0;
        }
    };

    const keptAt = (db: object, key: string, stamp: string, ask: WholeAsk<T>): T | undefined => {
        const { rows = 0, maxRows = Infinity } = ask;
        let cache = byDb.get(db);
        if (!cache) byDb.set(db, (cache = new Map()));
        const entry = cache.get(key) ?? { stamp, missed: 0, rows };
        cache.delete(key);
        cache.set(key, entry);
        if (entry.value !== undefined && entry.stamp === stamp) return entry.value;
        // A thing brought up to date across stamps, once read, outlives the stamp it was read at: what the pages
        // cost before counts towards it still (from its last read on), or a list written more often than its
        // pages add up to a read would never have it.
        if (entry.stamp !== stamp) Object.assign(entry, { stamp, missed: ask.update ? entry.missed : 0, value: undefined });
        if (cache.size > MAX_KEYS) cache.delete(cache.keys().next().value!);
        const derived = rows <= maxRows / 4 ? ask.derive?.() : undefined;
        if (derived !== undefined) {
            Object.assign(entry, { value: derived, rows: ask.measure?.(derived) ?? rows });
            fit(cache, entry, maxRows);
            return derived;
        }
        entry.missed += ask.cost;
        if (entry.reading || rows > maxRows / 4) return undefined;
        const { update } = ask;
        const updating = update && entry.base !== undefined ? update(entry.base) : undefined;
        if (!updating && (!ask.read || entry.missed < ask.worth)) return undefined;
        if (!updating) entry.missed = 0;
        entry.updatingFor = updating ? stamp : undefined;
        entry.reading = (updating ?? ask.read!())
            .then((value) => {
                ask.done(Boolean(updating));
                if (update) entry.base = value;
                // Only while the stamp it was read for stands: once a write has moved it, what was read may be of either side of it.
                if (entry.stamp !== stamp) return;
                Object.assign(entry, { value, rows });
                fit(cache, entry, maxRows);
            })
            .catch(() => Object.assign(entry, { missed: 0, base: undefined }))
            .then(() => Object.assign(entry, { reading: undefined, updatingFor: undefined }));
        return undefined;
    };
    /**
     * The update of `key` under way for `stamp`, if one is: it settles once its value is kept (a page may wait for
     * it, where it would not for a whole read).
     */
    const updating = (db: object, key: string, stamp: string): Promise<unknown> | undefined => {
        const entry = byDb.get(db)?.get(key);
        return entry?.updatingFor === stamp ? entry.reading : undefined;
    };
    return Object.assign(keptAt, { updating });
}
