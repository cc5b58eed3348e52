// Not run again on PostgreSQL: reads source files, no database.
// Comments and test titles state the rule or the reason itself: a later reader has neither the issue tracker nor the
// spec beside the code, so "issue N" or a spec section number tells them nothing. An RFC's section is public and
// stable, and stays.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['server', 'src', 'schema', 'scripts', 'test'];
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/** An issue's number, or a section sign or "spec section" followed by a number. */
const CITATION = /\bissues? \d|§ ?\d|spec section \d/gi;
/** "RFC 9110 §14.1.2" names a public document; what precedes the section sign says so. */
const RFC_BEFORE = /RFC \d+ ?$/;

/**
 * Files other work is changing as this guard comes in, with the citations each still holds. The list only shrinks:
 * a file gets no new one, and a file's number goes down (its entry goes) as its comments are rewritten.
 */
const NOT_YET: Record<string, number> = {};

const sourceFiles = (): string[] =>
    FOLDERS.flatMap((folder) =>
        fs
            .readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name))
            .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
    ).filter((file) => file !== SELF);

const cites = (line: string) => [...line.matchAll(CITATION)].some((match) => !(match[0].startsWith('§') && RFC_BEFORE.test(line.slice(0, match.index))));

/** Each line that cites, as `file:line: text`; a section of an RFC is no citation. */
const citations = (file: string, text: string): string[] =>
    text.split('\n').flatMap((line, index) => (cites(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));

const found = () => sourceFiles().flatMap((file) => citations(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
const fileOf = (citation: string) => citation.slice(0, citation.indexOf(':'));

describe('comments that cite an issue or a spec section by number', () => {
    it('finds an issue, a section sign or a spec section by number, once a line, and leaves an RFC section alone', () => {
        const text = ['// Refused (issue 19).', '// Issues 22 and 24 grew it.', '// Spec §9: ten a page.', '// See spec section 5.', '// RFC 9110 §14.1.2 ranges.', '// A tissue 3 cm wide, re-issued 2 times.', '// Rows (spec §2, §9).'].join('\n');
        expect(citations('a.ts', text)).toEqual(['a.ts:1: // Refused (issue 19).', 'a.ts:2: // Issues 22 and 24 grew it.', 'a.ts:3: // Spec §9: ten a page.', 'a.ts:4: // See spec section 5.', 'a.ts:7: // Rows (spec §2, §9).']);
    });

    it('reads every source file of the five folders', () => {
        const files = sourceFiles();
        expect(files).toContain('server/app.ts');
        expect(files).toContain('src/App.tsx');
        expect(files).toContain('test/server/helpers.ts');
        expect(files).not.toContain(SELF);
    });

    it('are found nowhere but in the files still listed', () => {
        const outside = found().filter((citation) => !(fileOf(citation) in NOT_YET));
        expect(outside, 'say the rule or the reason instead of the number').toEqual([]);
    });

    it('are as many as listed in each listed file: none added, and the list lowered as they go', () => {
        const listed = found().filter((citation) => fileOf(citation) in NOT_YET);
        const counts = Object.fromEntries(Object.keys(NOT_YET).map((file) => [file, listed.filter((citation) => fileOf(citation) === file).length]));
        const help = 'a listed file gained a citation, or lost one: then lower its number in NOT_YET (or drop it at 0). Now:';
        expect(counts, [help, ...listed].join('\n')).toEqual(NOT_YET);
    });
});
