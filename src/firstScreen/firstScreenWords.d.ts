/**
 * The few words the first screen's frame shows before the app's words are loaded (src/firstScreen/): the app's
 * name and each resource's name (`resources.<name>.name`, one |||| many), by locale. Made at build time from the
 * app's own words by vite.config.ts (firstScreenWords), so they never differ from what the app then shows.
 */
declare module 'virtual:first-screen-words' {
    const words: Record<string, { app: string; resources: Record<string, string> }>;
    export default words;
}
