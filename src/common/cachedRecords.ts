import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Identifier, RaRecord } from 'react-admin';

/** The new version of a cached record, or `undefined` when it is gone (deleted). */
export type RecordChange = (record: RaRecord) => RaRecord | undefined;

interface Page {
    data: RaRecord[];
    total?: number;
}

/** Every cached query of the resource: react-admin keys them `[resource, 'getList' | 'getOne' | …, params]`. */
export const resourceQueryKeys = (resource: string): QueryKey[] => [[resource]];

/**
 * Applies `change` to the records `ids` wherever react-admin caches them (lists, references, single reads),
 * so that an undoable toggle or delete shows at once; react-admin's undoable mutations put the snapshot back
 * on Undo or on a refusal.
 */
export const changeCachedRecords = (queryClient: QueryClient, resource: string, ids: Identifier[], change: RecordChange) => {
    const wanted = new Set(ids.map(String));
    const apply = (record: RaRecord) => (wanted.has(String(record.id)) ? change(record) : record);
    const applyAll = (records: RaRecord[]) => records.flatMap(record => apply(record) ?? []);
    const applyPage = (page: Page): Page => {
        const data = applyAll(page.data);
        const removed = page.data.length - data.length;
        return { ...page, data, total: page.total === undefined ? undefined : page.total - removed };
    };

    for (const [key, value] of queryClient.getQueriesData<unknown>({ queryKey: [resource] })) {
        if (!value) continue;
        switch (key[1]) {
            case 'getOne': {
                const next = apply(value as RaRecord);
                if (next) queryClient.setQueryData(key, next);
                break;
            }
            case 'getMany':
                queryClient.setQueryData(key, applyAll(value as RaRecord[]));
                break;
            case 'getList':
            case 'getManyReference':
                queryClient.setQueryData(key, applyPage(value as Page));
                break;
            case 'getInfiniteList': {
                const infinite = value as { pages: Page[] };
                queryClient.setQueryData(key, { ...infinite, pages: infinite.pages.map(applyPage) });
                break;
            }
        }
    }
};
