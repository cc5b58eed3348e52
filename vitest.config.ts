import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

import { firstScreenWords } from './vite.config';
import { leftOutOnPostgres } from './scripts/lib/postgresRun';
import { timesReporters } from './scripts/lib/testTimes';

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
                    name: 'app',
                    environment: 'jsdom',
                    include: ['test/app/**/*.test.{ts,tsx}'],
                    setupFiles: ['test/app/setup.ts'],
                    // A form's journey takes 8 s beside the server suite and twice that on a loaded machine, where 20 s
                    // cut one short; each wait has its own bound (asyncUtilTimeout), so a hang still fails.
                    testTimeout: 45_000,
                },
            },
        ],
    },
});
