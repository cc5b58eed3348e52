import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

import { firstScreenWords } from './vite.config';
import { timesReporters } from './scripts/lib/testTimes';

/** Files that replace a module with vi.mock: in a shared module graph the replacement would leak into other files. */
const MOCKS_A_MODULE = ['test/app/NewEntity.test.tsx'];

export default defineConfig({
    plugins: [react(), firstScreenWords()],
    test: {
        // Vitest leaves a core to its own process, which mostly waits: on a two-core CI machine that ran one file at a
        // time. One worker per core ran the app suite in 4.7 minutes instead of 8.8, the server suite in 4.3.
        maxWorkers: Math.max(2, availableParallelism()),
        ...timesReporters('suites'),
        projects: [
            {
                extends: true,
                test: {
                    name: 'server',
                    environment: 'node',
                    include: ['test/server/**/*.test.ts'],
                    globalSetup: ['test/server/globalSetup.ts'],
                    setupFiles: ['test/server/setup.ts'],
                    isolate: false,
                    testTimeout: 20_000,
                    hookTimeout: 30_000,
                },
            },
            {
                extends: true,
                test: {
                    name: 'app',
                    environment: 'jsdom',
                    include: ['test/app/**/*.test.{ts,tsx}'],
                    exclude: [...MOCKS_A_MODULE],
                    setupFiles: ['test/app/setup.ts'],
                    // One module graph and one jsdom per worker, as the server suite: each file used to import
                    // react-admin, MUI and the app again and build a jsdom of its own. setup.ts resets what a
                    // file leaves behind (the DOM, storage, stubs and spies).
                    isolate: false,
                    testTimeout: 20_000,
                },
            },
            {
                extends: true,
                test: {
                    name: 'app-isolated',
                    environment: 'jsdom',
                    include: MOCKS_A_MODULE,
                    setupFiles: ['test/app/setup.ts'],
                    testTimeout: 20_000,
                },
            },
        ],
    },
});
