import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

import type { VideoDataProvider } from '../../dataProvider';

/** Videos are fetched ten per request, as the legacy screen did. */
export const VIDEOS_PER_REQUEST = 10;

/** The library for a search, ten at a time; `fetchNextPage` asks for the next ten. */
export function useVideoLibrary(search: string) {
    const dataProvider = useDataProvider<VideoDataProvider>();
    const query = useInfiniteQuery({
        queryKey: ['videos', 'library', search],
        queryFn: ({ pageParam, signal }) => dataProvider.searchVideos({ search, limit: VIDEOS_PER_REQUEST, offset: pageParam, signal }),
        initialPageParam: 0,
        // While a new search loads, the last results stay in place of a spinner.
        placeholderData: keepPreviousData,
        getNextPageParam: (last, pages) => {
            const loaded = pages.reduce((count, page) => count + page.data.length, 0);
            return loaded < last.total && last.data.length > 0 ? loaded : undefined;
        },
    });
    const videos = query.data?.pages.flatMap(page => page.data) ?? [];
    const total = query.data?.pages.at(-1)?.total ?? 0;
    return { ...query, videos, total };
}
