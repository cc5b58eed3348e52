/**
 * Prints the permission table of docs/api.md from the routes as they are declared (`app.accessTable`):
 * every API route and who may call it. `npm run permissions` prints it to paste into the doc;
 * test/server/permissions.test.ts checks the running server against the doc's table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

export const ROLES = ['anonymous', 'customer', 'seller', 'admin'] as const;
const MAY: Record<string, boolean[]> = {
    public: [true, true, true, true],
    signedIn: [false, true, true, true],
    staff: [false, false, true, true],
    admin: [false, false, false, true],
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'permissions-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { appDir: path.join(dataDir, 'none') }), false);
await app.ready();
const lines = ['| Call | Anonymous | Customer | Seller | Admin |', '|---|---|---|---|---|'];
for (const { method, url, access } of app.accessTable) {
    lines.push(`| \`${method} ${url.replace(/^\/api/, '')}\` | ${MAY[access].map((may) => (may ? '✓' : '—')).join(' | ')} |`);
}
console.log(lines.join('\n'));
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
