import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

import { firstScreenWords } from './vite.config';
import { leftOutOnPostgres } from './scripts/lib/postgresRun';
import { replacingModules } from './scripts/lib/replacedModules';
import { timesReporters } from './scripts/lib/testTimes';

/** The app's files that replace a module (vi.mock), which need modules of their own. */
const ownModules = replacingModules('test/app');

const appSuite = {
    environment: 'jsdom',
    setupFiles: ['test/app/setup.ts'],
    // A form's journey takes 8 s beside the server suite and twice that on a loaded machine, where 20 s cut one
    // short; each wait has its own bound (asyncUtilTimeout), so a hang still fails.
    testTimeout: 45_000,
};

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
                    exclude: [...configDefaults.exclude, ...leftOutOnPostgres('test/server')],
                    globalSetup: ['test/server/globalSetup.ts'],
                    setupFiles: ['test/server/setup.ts'],
                    isolate: false,
                    // Beside the journeys on two loaded cores a test takes several times as long as alone; a hang
                    // still fails, a minute later.
                    testTimeout: 60_000,
                    hookTimeout: 120_000,
                },
            },
            {
                extends: true,
                test: {
                    ...appSuite,
                    name: 'app',
                    include: ['test/app/**/*.test.{ts,tsx}'],
                    exclude: [...configDefaults.exclude, ...ownModules],
                    // Each worker loads react-admin, MUI and the app once, not once a file: a third of the suite's time.
                    // Each file still has a jsdom of its own, and setup.ts clears the storage after each test.
                    isolate: false,
                },
            },
            { extends: true, test: { ...appSuite, name: 'app-own-modules', include: ownModules } },
        ],
    },
});
