import { useEffect, useState } from 'react';

import { MIN_QUERY, searchShop, type Found } from './searchShop';

/** Typing pauses this long before the server is asked: one call per word, not per key. */
export const DEBOUNCE_MS = 250;

export interface PaletteSearch {
    found: Found;
    /** The query `found` answers. */
    answered: string;
    loading: boolean;
    error?: string;
}

/** What the server finds for the query, asked once typing pauses; an older answer arriving late is dropped. */
export function usePaletteSearch(query: string): PaletteSearch {
    const q = query.trim();
    const [state, setState] = useState<PaletteSearch>({ found: {}, answered: '', loading: false });
    useEffect(() => {
        if ([...q].length < MIN_QUERY) {
            setState({ found: {}, answered: '', loading: false });
            return;
        }
        setState(previous => ({ ...previous, loading: true, error: undefined }));
        const controller = new AbortController();
        const timer = setTimeout(() => {
            searchShop(q, controller.signal).then(
                found => setState({ found, answered: q, loading: false }),
                (error: Error) => {
                    if (!controller.signal.aborted) setState({ found: {}, answered: q, loading: false, error: error.message });
                }
            );
        }, DEBOUNCE_MS);
        return () => {
            clearTimeout(timer);
            controller.abort();
        };
    }, [q]);
    return state;
}
