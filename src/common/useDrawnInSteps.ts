import { useDeferredValue, useEffect, useMemo, useState } from 'react';

/**
 * A list's records drawn in two steps when they first show: the first `first` at once, all of them in the
 * background right after (React's deferred value: that render yields to input and paint), so the first rows
 * and the page around them are on screen without waiting for rows below the fold. Once all are drawn, changes
 * show at once again (a toggled status, an undone delete, the next page).
 */
export function useDrawnInSteps<T>(records: T[] | undefined, first: number): T[] | undefined {
    const firstRecords = useMemo(() => records?.slice(0, first), [records, first]);
    // Lags behind `records` while the background render runs, also when records arrive after the list showed.
    const deferred = useDeferredValue(records, firstRecords);
    const [drawn, setDrawn] = useState(false);
    useEffect(() => {
        if (records && deferred === records) setDrawn(true);
    }, [deferred, records]);
    return drawn || deferred === records ? records : firstRecords;
}
