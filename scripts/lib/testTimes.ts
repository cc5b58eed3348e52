import path from 'node:path';
import type { InlineConfig } from 'vitest/node';

/**
 * With TEST_TIMES_DIR set (CI sets it), a suite also writes Vitest's JSON report there, named for the run, so that
 * `scripts/slowest-tests.ts` can say which files the time went to. Unset, the default reporter alone.
 */
export function timesReporters(run: string): Pick<InlineConfig, 'reporters'> {
    const dir = process.env.TEST_TIMES_DIR;
    if (!dir) return {};
    const name = [run, process.env.TEST_DATABASE_URL ? 'postgres' : '', process.env.LIST_CACHE === 'off' ? 'nocache' : ''].filter(Boolean).join('-');
    return { reporters: ['default', ['json', { outputFile: path.join(dir, `${name}.json`) }]] };
}
