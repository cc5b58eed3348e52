// Keeps records' JSON by row version (LIST_KEPT_RECORDS_MB); forgets one when its row's version or what it shows of other tables moves, or, over budget, the one least read.
/** One record's JSON, read at its row's version and at the stamp of everything else it shows. */
interface KeptRecord {
    version: string;
    stamp: string;
    json: string;
    /** Read since it was kept, or since the last eviction pass went by it. */
    read: boolean;
}

/** How many records this process read afresh and answered from what it kept (what the kept-records test checks). */
export const recordReads = { read: 0, kept: 0 };

/**
 * Records' JSON kept by row (server/db/rowVersions.ts): a record stands while its row's version and its `stamp`
 * (the versions of the tables it shows rows of, and the shop's day where it shows a date window's state) do.
 * Bounded by the characters kept (`maxChars`); 0 keeps none. What goes first is what was not read for longest,
 * by the clock rule: a read only marks its record, and an eviction passes the records in the order they were kept,
 * giving each one marked a second chance (unmarked, to the back). Moving a record to the back on every read, for
 * an exact order, took two operations on a Map of up to 100,000 entries for each record a page answered.
 */
export function keptRecords(maxChars: number) {
    const kept = new Map<number, KeptRecord>();
    let chars = 0;

    const drop = (id: number) => {
        const entry = kept.get(id);
        if (!entry) return;
        kept.delete(id);
        chars -= entry.json.length;
    };

    /** Drops the first record not read since the pass last went by; those read go to the back, unmarked. */
    const evictOne = () => {
        for (const [id, entry] of kept) {
            if (!entry.read) return drop(id);
            entry.read = false;
            kept.delete(id);
            kept.set(id, entry);
        }
    };

    return {
        keeps: maxChars > 0,

        /** The JSON kept for row `id` at `version` and `stamp`, or undefined. */
        get(id: number, version: string, stamp: string): string | undefined {
            const entry = kept.get(id);
            if (!entry || entry.version !== version || entry.stamp !== stamp) return undefined;
            entry.read = true;
            recordReads.kept++;
            return entry.json;
        },

        keep(id: number, version: string, stamp: string, json: string) {
            drop(id);
            if (json.length > maxChars) return;
            while (chars + json.length > maxChars && kept.size) evictOne();
            kept.set(id, { version, stamp, json, read: false });
            chars += json.length;
        },
    };
}
