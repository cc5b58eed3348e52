// Not run again on PostgreSQL: the access table against routes and roles.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { makeApp, signIn } from './helpers';
import { permissionTable, tableSpan } from '../../scripts/lib/permissionTable';

// The permission table of docs/api.md, as staff and integrators read it: every route, and for each of
// anonymous, customer, seller and admin whether the server lets them through its door (finer rules — a
// seller's own products, a bulk action's own rule — are written beside it and tested with their routes).
const doc = fs.readFileSync('docs/api.md', 'utf8');
const section = doc.slice(doc.indexOf('## Permissions'));
const table = [...section.matchAll(/^\| `(GET|POST|DELETE|PUT|PATCH) ([^`]+)` \| (.) \| (.) \| (.) \| (.) \|$/gm)].map(
    ([, method, path, ...marks]) => ({ method, path, may: marks.map((mark) => mark === '✓') }),
);

const ROLES = ['anonymous', 'customer', 'seller', 'admin'] as const;

describe('the permission table of docs/api.md', () => {
    it('lists every route the API declares, and no other', async () => {
        const { app } = await makeApp();
        const declared = app.accessTable.map(({ method, url }) => `${method} ${url.replace(/^\/api/, '')}`).sort();
        expect(table.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(declared);
    });

    it('is the table generated from the declarations, line for line (npm run permissions -- --write)', async () => {
        const { app } = await makeApp();
        const lines = doc.split('\n');
        const [start, end] = tableSpan(lines);
        expect(lines.slice(start, end)).toEqual(permissionTable(app.accessTable));
    });

    it('is what the server enforces, route by route and role by role', async () => {
        const t = await makeApp();
        const tokens = {
            anonymous: {},
            customer: await signIn(t, 'customer@shop.test', ROLE.customer),
            seller: await signIn(t, 'seller@shop.test', ROLE.seller),
            admin: await signIn(t, 'admin@shop.test', ROLE.admin),
        };
        // Signing out ends the session it is called with: those calls go last.
        const ordered = [...table].sort((a, b) => Number(a.path === '/userlogout') - Number(b.path === '/userlogout'));
        const wrong: string[] = [];
        for (const { method, path, may } of ordered) {
            // A profile is one's own (`me`); other ids are rows that do not exist, so a refusal is the door's, not the row's.
            const id = path.startsWith('/profile') ? 'me' : '999999';
            const url = `/api${path.replace(':id', id).replace(':token', 'no-such-token')}`;
            for (const [i, role] of ROLES.entries()) {
                const res = await t.app.inject({ method: method as 'GET', url, headers: tokens[role], payload: method === 'GET' ? undefined : {} });
                const refused = res.statusCode === 401 || res.statusCode === 403;
                const expected = may[i] ? 'let through' : role === 'anonymous' ? '401' : '403';
                const got = refused ? String(res.statusCode) : 'let through';
                if (got !== expected) wrong.push(`${method} ${path} as ${role}: expected ${expected}, got ${res.statusCode}`);
            }
        }
        expect(wrong).toEqual([]);
    });
});
