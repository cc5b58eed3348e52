// Not run again on PostgreSQL: reads the test files, no database.
// CI runs the server suite on SQLite, then again on PostgreSQL without the files marked as saying nothing new there.
// A mark is a claim: that the file has no test of its own for PostgreSQL, and that the files its reason names run
// there and stay unmarked. This holds each mark to it, so that unmarking one file cannot silently orphan another.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftOutOnPostgres, NOT_ON_POSTGRES } from '../../scripts/lib/postgresRun';

const dir = 'test/server';
const files = fs.readdirSync(dir).filter((name) => name.endsWith('.test.ts'));
const text = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const marked = files.filter((name) => text(name).startsWith(NOT_ON_POSTGRES));
const reason = (name: string) => text(name).split('\n', 1)[0].slice(NOT_ON_POSTGRES.length);

/** The files a reason says carry the part that differs: "… runs there in a, b and c". */
const named = (why: string) => [...why.matchAll(/there in ([^.;]+)/g)].flatMap(([, list]) => list.split(/, | and /)).map((name) => `${name.trim()}.test.ts`);

// The plumbing nearly every file goes through, whose PostgreSQL side these files run: sign-in and the mail queue,
// rate counters, list JSON, search and the list cache, row locks on pictures, the database's own refusals.
const PLUMBING = ['auth', 'code-guessing', 'signin-lockout', 'many-instances', 'order-mails', 'equal-work', 'shared-limits', 'trust-proxy', 'record-json',
    'lists-performance', 'list-cache', 'list-cache-layer', 'kept-orders', 'kept-records', 'seek-pages', 'derived-orders', 'search', 'hardening', 'upload-orphans',
    's3-storage', 'bad-input', 'fuzz'].map((name) => `${name}.test.ts`);

describe('the PostgreSQL run', () => {
    const saved = { ...process.env };
    afterEach(() => {
        process.env = { ...saved };
    });

    it('leaves out exactly the marked files, and only when it runs on PostgreSQL', () => {
        process.env.TEST_DATABASE_URL = 'postgres://example/test';
        delete process.env.PG_EVERY_FILE;
        expect(leftOutOnPostgres(dir).sort()).toEqual(marked.map((name) => `${dir}/${name}`).sort());
        process.env.PG_EVERY_FILE = '1';
        expect(leftOutOnPostgres(dir)).toEqual([]);
        delete process.env.TEST_DATABASE_URL;
        delete process.env.PG_EVERY_FILE;
        expect(leftOutOnPostgres(dir)).toEqual([]);
        expect(marked.length).toBeGreaterThan(0);
    });

    it('keeps every mark to a sentence saying why', () => {
        for (const name of marked) expect(reason(name), name).toMatch(/^\S.{10,}\.$/);
    });

    it('keeps a file with a test of its own for one database, or a branch on it, in the run', () => {
        // This file names the switches in order to look for them.
        const branching = marked.filter((name) => name !== path.basename(import.meta.filename) && /\b(runIf|skipIf)\(|dbKind|isPostgres|databaseUrl|TEST_DATABASE_URL/.test(text(name)));
        expect(branching).toEqual([]);
    });

    it('keeps the files a reason names, and the shared plumbing, in the run', () => {
        for (const name of marked) {
            for (const other of named(reason(name))) {
                expect(files, `${name} names ${other}`).toContain(other);
                expect(marked, `${name} counts on ${other} running on PostgreSQL`).not.toContain(other);
            }
        }
        for (const name of PLUMBING) {
            expect(files).toContain(name);
            expect(marked, `${name} carries the plumbing the marked files lean on`).not.toContain(name);
        }
    });
});
