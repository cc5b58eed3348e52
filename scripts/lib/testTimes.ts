import path from 'node:path';
import type { InlineConfig } from 'vitest/node';

/**
 * With TEST_TIMES_DIR set (CI sets it), a suite also writes Vitest's JSON report there, named for the run, so that
 * `scripts/slowest-tests.ts` can say which files the time went to. Unset, the default reporter alone.
 */
export function timesReporters(run: string): Pick<InlineConfig, 'reporters'> {
    const dir = process.env.TEST_TIMES_DIR;
    if (!dir) return {};
    // `npm test` runs each project in a process of its own, side by side: one report each.
    const project = projectAsked(process.argv);
    const name = [run, project, process.env.TEST_DATABASE_URL ? 'postgres' : '', process.env.LIST_CACHE === 'off' ? 'nocache' : ''].filter(Boolean).join('-');
    return { reporters: ['default', ['json', { outputFile: path.join(dir, `${name}.json`) }]] };
}

/** The one project a Vitest command line names (`--project app` or `--project=app`), if it names exactly one. */
function projectAsked(argv: string[]): string | undefined {
    const named = argv.flatMap((arg, i) => (arg === '--project' ? [argv[i + 1]] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []));
    return named.length === 1 ? named[0] : undefined;
}
