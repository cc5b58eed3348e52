import { useCallback } from 'react';
import type { SxProps } from '@mui/material';
import { useResourceContext, useStore, type Identifier, type RaRecord } from 'react-admin';

interface Saved {
    id: Identifier;
    at: number;
}

// Long enough to find the row after the list has loaded, short enough not to mark it forever.
const HIGHLIGHT_MS = 15_000;

const key = (resource?: string) => `${resource}.lastSaved`;

/** Remembers the record just saved, so that the list it returns to can mark its row. */
export const useRememberSaved = () => {
    const resource = useResourceContext();
    const [, setSaved] = useStore<Saved | null>(key(resource), null);
    return useCallback((id: Identifier) => setSaved({ id, at: Date.now() }), [setSaved]);
};

/** A row style marking the record saved a moment ago, and a test for it. */
export const useSavedHighlight = () => {
    const resource = useResourceContext();
    const [saved] = useStore<Saved | null>(key(resource), null);
    const isSaved = (record: RaRecord) =>
        saved != null && String(saved.id) === String(record.id) && Date.now() - saved.at < HIGHLIGHT_MS;
    const rowSx = (record: RaRecord): SxProps =>
        isSaved(record)
            ? { bgcolor: 'action.selected', '& > :first-of-type': { borderLeft: '4px solid', borderLeftColor: 'primary.main' } }
            : {};
    return { isSaved, rowSx };
};
