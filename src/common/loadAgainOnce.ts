/**
 * A chunk's load, asked for once more a second later when it fails (a new deploy replaced it, the connection
 * dropped for a moment): what every view fetched on demand, and the app itself, do before giving up.
 */
export const loadAgainOnce = <T>(load: () => Promise<T>): Promise<T> =>
    load().catch(() => new Promise(resolve => setTimeout(resolve, 1000)).then(load));
