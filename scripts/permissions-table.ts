/**
 * The permission table of docs/api.md from the routes as they are declared (`app.accessTable`).
 * `npm run permissions` prints it; `npm run permissions -- --write` puts it in docs/api.md.
 * test/server/permissions.test.ts fails while the doc's table differs, and checks the server against it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { permissionTable, withTable } from './lib/permissionTable';

const DOC = 'docs/api.md';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'permissions-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { appDir: path.join(dataDir, 'none') }), false);
await app.ready();
const table = permissionTable(app.accessTable);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

if (process.argv.includes('--write')) {
    fs.writeFileSync(DOC, withTable(fs.readFileSync(DOC, 'utf8'), table));
    console.log(`${DOC}: the permission table has ${table.length - 2} routes`);
} else {
    console.log(table.join('\n'));
}
