// Not run again on PostgreSQL: temporary folders, no database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { needsBuild, sourcesFingerprint, STAMP } from '../../scripts/buildIfChanged';

/** A small app folder: a source, the page, and a build made from them when `built`. */
function project(built: boolean) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {};\n');
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
    if (built) {
        fs.mkdirSync(path.join(root, 'dist'));
        fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html>');
        fs.writeFileSync(path.join(root, 'dist', STAMP), sourcesFingerprint(root, {}));
    }
    return root;
}

describe('npm start builds the app only when its sources changed', () => {
    it('builds when there is no build, or a build without a record of its sources', () => {
        expect(needsBuild(project(false), undefined, {})).toBe(true);
        const root = project(true);
        fs.rmSync(path.join(root, 'dist', STAMP));
        expect(needsBuild(root, undefined, {})).toBe(true);
    });

    it('skips the build when nothing changed since', () => {
        expect(needsBuild(project(true), undefined, {})).toBe(false);
    });

    it('builds again after a source is saved, a file added, or a VITE_ variable changed', () => {
        const saved = project(true);
        const later = new Date(Date.now() + 5_000);
        fs.utimesSync(path.join(saved, 'src', 'main.tsx'), later, later);
        expect(needsBuild(saved, undefined, {})).toBe(true);

        const added = project(true);
        fs.writeFileSync(path.join(added, 'src', 'extra.ts'), 'export {};\n');
        expect(needsBuild(added, undefined, {})).toBe(true);

        const env = project(true);
        expect(needsBuild(env, undefined, { VITE_API_URL: 'https://api.example.com' })).toBe(true);
        expect(needsBuild(env, undefined, { OTHER: 'x' })).toBe(false);
    });
});
