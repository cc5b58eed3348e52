/** One record's JSON, read at its row's version and at the stamp of everything else it shows. */
interface KeptRecord {
    version: string;
    stamp: string;
    json: string;
}

/** How many records this process read afresh and answered from what it kept (what the kept-records test checks). */
export const recordReads = { read: 0, kept: 0 };

/**
 * Records' JSON kept by row (server/db/rowVersions.ts): a record stands while its row's version and its `stamp`
 * (the versions of the tables it shows rows of, and the shop's day where it shows a date window's state) do.
 * Bounded by the characters kept (`maxChars`), the least recently read dropped first; 0 keeps none.
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

    return {
        keeps: maxChars > 0,

        /** The JSON kept for row `id` at `version` and `stamp`, or undefined. */
        get(id: number, version: string, stamp: string): string | undefined {
            const entry = kept.get(id);
            if (!entry || entry.version !== version || entry.stamp !== stamp) return undefined;
            // Most recently read last: the oldest go first.
            kept.delete(id);
            kept.set(id, entry);
            recordReads.kept++;
            return entry.json;
        },

        keep(id: number, version: string, stamp: string, json: string) {
            drop(id);
            if (json.length > maxChars) return;
            while (chars + json.length > maxChars && kept.size) drop(kept.keys().next().value!);
            kept.set(id, { version, stamp, json });
            chars += json.length;
        },
    };
}
