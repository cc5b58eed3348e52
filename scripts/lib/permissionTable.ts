/**
 * The permission table of docs/api.md, made from the routes as they are declared (`app.accessTable`): every API
 * route and who may call it, in a stable order (by path, then method), so the doc changes only where a route does.
 */
export const ROLES = ['anonymous', 'customer', 'seller', 'admin'] as const;

const MAY: Record<string, boolean[]> = {
    public: [true, true, true, true],
    signedIn: [false, true, true, true],
    staff: [false, false, true, true],
    admin: [false, false, false, true],
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const HEADER = ['| Call | Anonymous | Customer | Seller | Admin |', '|---|---|---|---|---|'];

export interface AccessRow {
    method: string;
    url: string;
    access: string;
}

const byPathThenMethod = (a: AccessRow, b: AccessRow) =>
    a.url.toLowerCase().localeCompare(b.url.toLowerCase(), 'en') || a.url.localeCompare(b.url, 'en') || METHODS.indexOf(a.method) - METHODS.indexOf(b.method);

/** The table's lines, header first. */
export function permissionTable(rows: readonly AccessRow[]): string[] {
    const lines = [...rows].sort(byPathThenMethod).map(({ method, url, access }) => {
        const marks = MAY[access].map((may) => (may ? '✓' : '—')).join(' | ');
        return `| \`${method} ${url.replace(/^\/api/, '')}\` | ${marks} |`;
    });
    return [...HEADER, ...lines];
}

/** Where the table stands in the doc: the first table after the "## Permissions" heading, as line numbers [start, end). */
export function tableSpan(doc: string[]): [number, number] {
    const heading = doc.indexOf('## Permissions');
    if (heading < 0) throw new Error('docs/api.md has no "## Permissions" heading');
    const start = doc.findIndex((line, i) => i > heading && line === HEADER[0]);
    if (start < 0) throw new Error('docs/api.md has no permission table under "## Permissions"');
    let end = start;
    while (end < doc.length && doc[end].startsWith('|')) end++;
    return [start, end];
}

/** The doc with its permission table replaced by `table`. */
export function withTable(doc: string, table: string[]): string {
    const lines = doc.split('\n');
    const [start, end] = tableSpan(lines);
    return [...lines.slice(0, start), ...table, ...lines.slice(end)].join('\n');
}
