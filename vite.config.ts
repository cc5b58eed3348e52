import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

import en from './src/i18n/en';
import hi from './src/i18n/hi';

/**
 * Writes `.br` and `.gz` beside every text asset of the build, at the highest levels (it runs once), so the
 * server sends them as they are (`preCompressed` in server/plugins/spa.ts) instead of compressing per request.
 */
function precompress(): Plugin {
    let outDir = 'dist';
    return {
        name: 'precompress',
        apply: 'build',
        configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
        closeBundle() {
            const files = fs.readdirSync(outDir, { recursive: true, withFileTypes: true });
            for (const file of files.filter((f) => f.isFile() && /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(f.name))) {
                const full = path.join(file.parentPath, file.name);
                const body = fs.readFileSync(full);
                if (body.length < 1024) continue;
                fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
                fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
            }
        },
    };
}

/**
 * node-polyglot (react-admin's translations) asks for the `object.entries` polyfill, which drags about 4 kB of
 * gzipped shims (get-intrinsic, call-bind…) into the first load for a function every supported browser has.
 */
function nativeObjectEntries(): Plugin {
    const id = '\0native-object-entries';
    return {
        name: 'native-object-entries',
        enforce: 'pre',
        resolveId: source => (source === 'object.entries' ? id : null),
        load: moduleId => (moduleId === id ? 'module.exports = Object.entries;' : null),
    };
}

/**
 * react-admin lets a user rename page titles in place once its preferences editor is switched on (an
 * <InspectorButton>, which this app does not have), yet its layout always mounts the editor (<Inspector>)
 * and every page title carries its own editor: a MUI TextField, which brings selects, menus and every input
 * variant into the first load (13 kB gzipped). Without the button the editor never opens and no title is
 * ever stored, so the build uses the plain title and no inspector. The dev server serves react-admin as is.
 */
function withoutPreferencesEditor(): Plugin {
    const stubs: Array<[RegExp, string]> = [
        [/ra-ui-materialui[\\/]dist[\\/]preferences[\\/]Inspector\.js$/, 'export const Inspector = () => null;'],
        [
            /ra-ui-materialui[\\/]dist[\\/]layout[\\/]PageTitleConfigurable\.js$/,
            `import * as React from 'react';
            import { PageTitle } from './PageTitle.js';
            export const PageTitleEditor = () => null;
            export const PageTitleConfigurable = ({ preferenceKey, ...props }) => React.createElement(PageTitle, props);`,
        ],
    ];
    return {
        name: 'without-preferences-editor',
        apply: 'build',
        enforce: 'pre',
        load: id => stubs.find(([pattern]) => pattern.test(id))?.[1] ?? null,
    };
}

/** MUI's Tooltip gets its Popper when it first opens (src/layout/LazyPopper.tsx says why); other users of the Popper keep theirs. */
function lazyTooltipPopper(): Plugin {
    let lazyPopper = '';
    return {
        name: 'lazy-tooltip-popper',
        apply: 'build',
        enforce: 'pre',
        configResolved: config => void (lazyPopper = path.resolve(config.root, 'src/layout/LazyPopper.tsx')),
        resolveId: (source, importer) =>
            source === '../Popper/index.js' && importer && /@mui[\\/]material[\\/]esm[\\/]Tooltip[\\/]Tooltip\.js$/.test(importer) ? lazyPopper : null,
    };
}

type Words = { app: { name: string }; resources: Record<string, { name?: unknown; title?: unknown }> };

/**
 * `virtual:first-screen-words` (src/firstScreen/firstScreenWords.d.ts): the app's name and each resource's name in
 * every language, taken from the app's own words, for the frame a signed-in visit sees before they are loaded.
 * The main script carries these few words rather than every screen's.
 */
export function firstScreenWords(): Plugin {
    const id = '\0first-screen-words';
    const pick = (messages: object) => {
        const { app, resources } = messages as Words;
        return {
            app: app.name,
            // A list with a title of its own (orders, users…) draws its own heading, in its own place: not in the frame.
            resources: Object.fromEntries(
                Object.entries(resources).flatMap(([name, words]) => (typeof words.name === 'string' && !('title' in words) ? [[name, words.name]] : []))
            ),
        };
    };
    return {
        name: 'first-screen-words',
        resolveId: source => (source === 'virtual:first-screen-words' ? id : null),
        load: moduleId => (moduleId === id ? `export default ${JSON.stringify({ en: pick(en), hi: pick(hi) })};` : null),
    };
}

/** A package's index that re-exports its modules: `import { X } from 'pkg'` leads through it. */
const PACKAGE_BARREL = /node_modules[\\/].*[\\/]index\.m?js$/;

type Graph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };

/** The modules `starts` import statically, at any depth, themselves included; a package's index is not followed. */
function staticClosure(graph: Graph, starts: string[]): Set<string> {
    const closure = new Set(starts);
    for (const id of closure) {
        if (!PACKAGE_BARREL.test(id)) for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) closure.add(imported);
    }
    return closure;
}

/**
 * Code-splitting names that put what each chunk of the signed-in first screen (`screens`: react-admin's, the
 * layout's) imports statically into that chunk's own file. Left to itself, Rolldown cuts what they share with
 * the views fetched after them into dozens of small files (17 beside react-admin's chunk alone), fetched together
 * anyway: on a phone's network each is a request and a round trip. A package's index is not followed: it leads
 * to every module of the package, most used only by views fetched later (forms, exports), which would then ride
 * on every first load. What they share with what the main script fetches on demand without react-admin (the
 * sign-in page's Hindi words and the English they fall back to) is a file of its own, `common`: in theirs, the
 * sign-in page would fetch react-admin for it.
 */
function firstScreenChunks(main: string, screens: Array<[entry: string, name: string]>) {
    let names: Map<string, string> | undefined;
    const nameOf = (moduleId: string, graph: Graph) => {
        if (!names) {
            const entries = new Set(screens.map(([entry]) => entry));
            const fetchedByMain = [...staticClosure(graph, [main])].flatMap(id => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
            const signedOut = staticClosure(graph, fetchedByMain.filter(id => !entries.has(id)));
            names = new Map();
            for (const [entry, name] of screens) {
                for (const id of staticClosure(graph, [entry])) if (!names.has(id)) names.set(id, signedOut.has(id) ? 'common' : name);
            }
        }
        return names.get(moduleId) ?? null;
    };
    // `common` first: a group takes what its modules import along with them, which would take `common`'s.
    return [
        { name: (id: string, graph: Graph) => (nameOf(id, graph) === 'common' ? 'common' : null), priority: 2 },
        { name: (id: string, graph: Graph) => nameOf(id, graph), priority: 1 },
    ];
}

// In development the API runs on its own port (npm run dev); the built app is served by the API itself.
export default defineConfig({
    plugins: [react(), firstScreenWords(), nativeObjectEntries(), withoutPreferencesEditor(), lazyTooltipPopper(), precompress()],
    build: {
        outDir: 'dist',
        // No source maps in the build: the server would otherwise hand the whole source to anyone who asks.
        sourcemap: false,
        chunkSizeWarningLimit: 2500,
        // Every browser staff use (two years of Chrome, Edge, Firefox, Safari) preloads modules itself.
        modulePreload: { polyfill: false },
        rolldownOptions: {
            output: {
                // Everything the entry imports statically in one file, rather than the dozens of pieces that the
                // views fetched later share with it: they are all fetched at start anyway, and one file compresses
                // better (12 kB less gzipped script for the first screen).
                codeSplitting: {
                    groups: [
                        { name: 'app', tags: ['$initial'], priority: 3 },
                        ...firstScreenChunks(path.resolve('src/main.tsx'), [
                            [path.resolve('src/renderAdmin.tsx'), 'renderAdmin'],
                            [path.resolve('src/layout/Layout.tsx'), 'Layout'],
                        ]),
                    ],
                },
            },
        },
    },
    server: {
        port: 5173,
        proxy: {
            '/api': 'http://localhost:3000',
            '/uploads': 'http://localhost:3000',
        },
    },
});
