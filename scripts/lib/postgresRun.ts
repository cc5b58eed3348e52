import fs from 'node:fs';
import path from 'node:path';

/**
 * The line a server test file opens with when running it again on PostgreSQL would catch nothing that the files run
 * there do not: its SQL is the same on both databases and runs one request at a time, or another file runs the part
 * that differs. What follows the mark says which. docs/postgres-suite.md holds the reading behind each one.
 */
export const NOT_ON_POSTGRES = '// Not run again on PostgreSQL: ';

/**
 * The marked files of `dir`, left out of the suite when it runs on PostgreSQL (TEST_DATABASE_URL). An unmarked file
 * runs on both, so a new file is checked on both until someone says why it need not be. PG_EVERY_FILE=1 runs all.
 */
export function leftOutOnPostgres(dir: string): string[] {
    if (!process.env.TEST_DATABASE_URL || process.env.PG_EVERY_FILE === '1') return [];
    return fs.readdirSync(dir)
        .filter((name) => name.endsWith('.test.ts') && fs.readFileSync(path.join(dir, name), 'utf8').startsWith(NOT_ON_POSTGRES))
        .map((name) => path.posix.join(dir, name));
}
