import fs from 'node:fs';
import path from 'node:path';

/**
 * The test files of `dir` that replace a module (`vi.mock`). The app suite's files share each worker's modules
 * (loading react-admin and MUI once instead of once a file), but Vitest replaces a module only where it is first
 * loaded: these files get modules of their own. A new file that replaces one is found by reading it, not by a list.
 */
export function replacingModules(dir: string): string[] {
    return (fs.readdirSync(dir, { recursive: true }) as string[])
        .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
        .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(file, 'utf8')));
}
