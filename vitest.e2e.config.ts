import { defineConfig } from 'vitest/config';
import { timesReporters } from './scripts/lib/testTimes';

// End-to-end journeys: the real built app, served by the real API, driven in Debian's Chromium.
export default defineConfig({
    test: {
        name: 'e2e',
        environment: 'node',
        include: ['test/e2e/**/*.e2e.ts'],
        testTimeout: 120_000,
        hookTimeout: 60_000,
        fileParallelism: false,
        ...timesReporters('e2e'),
    },
});
