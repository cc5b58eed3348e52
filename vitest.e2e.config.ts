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
        // A screen that answers within a second alone can take several beside the PostgreSQL suite: expect.poll
        // waits up to 15 s (its default is 1 s), as Playwright's own waits do.
        expect: { poll: { timeout: 15_000 } },
        ...timesReporters('e2e'),
    },
});
