import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbKind } from '../../db/createDb';
import type { Database } from '../../db/tables';
import { searchTableOf } from '../../db/listIndexes';
import { snakeCase } from '../../db/sqlName';
import { nameCondition, searchText } from '../orders/listOrders';
import { roleName, roleAllows } from '../../../schema/access';
import { seesContacts } from '../people/userRecord';
import { accessOf } from '../../../schema/registry';
import { entities } from '../../../schema';
import { SEARCH_KINDS as KINDS, type Found, type Hit, type SearchKind as Kind } from '../../../schema/search';
import { variantName } from '../../../schema/variantName';

/** Each kind shows at most this many hits: the palette is a way in, not a list. */
export const PER_KIND = 5;
/** Rows read per kind before ranking: enough to put name-prefix hits first, few enough to stop a scan early. */
const CANDIDATES = PER_KIND * 4;


interface Searcher {
    db: Kysely<Database>;
    kind: DbKind;
    roleId: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** Hits whose label starts with the query first, then by label: the rows were read unordered so the read stops early. */
function ranked(hits: Hit[], q: string): Hit[] {
    const lower = q.toLowerCase();
    const rank = (hit: Hit) => (hit.label.toLowerCase().startsWith(lower) ? 0 : 1);
    return hits.sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label) || a.id - b.id).slice(0, PER_KIND);
}

/**
 * The condition a catalogue list's own search puts on its table (server/engine/list/repository.ts): the same
 * case-insensitive substring LIKE on the schema's search columns, which PostgreSQL's trigram indexes serve
 * and which SQLite's FTS5 trigram table narrows first (from three characters).
 */
function listMatch(s: Searcher, table: string, columns: string[], q: string): RawBuilder<boolean> {
    const pattern = contains(q);
    const like = sql.join(
        columns.map((name) => sql`lower(${sql.ref(`${table}.${snakeCase(name)}`)}) like ${pattern} escape '\\'`),
        sql` or `,
    );
    if (s.kind === 'sqlite' && [...q].length >= 3) {
        const fts = sql.raw(searchTableOf(table));
        return sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${`"${q.replace(/"/g, '""')}"`}) and (${like})`;
    }
    return sql<boolean>`(${like})`;
}

const entity = (name: string) => entities.find((e) => e.name === name)!;
const mayList = (name: string, roleId: number) => roleAllows(accessOf(entity(name), 'list'), roleId);

/** `Brand: aash` asks for the products carrying an attribute named Brand (or Bra…) whose value holds "aash". */
export function attributeQuery(q: string): { name: string; value: string } | undefined {
    const match = /^([^:]+):(.+)$/.exec(q);
    const name = match?.[1].trim().toLowerCase();
    const value = match?.[2].trim().toLowerCase();
    return name && value ? { name, value } : undefined;
}

/** Products carrying a matching attribute, each shown with it ('Brand: Aashirvaad'); the join table's index reads by attribute. */
async function productsByAttribute(s: Searcher, wanted: { name: string; value: string }): Promise<Hit[]> {
    const rows = await s.db
        .selectFrom('attributes')
        .innerJoin('productAttributes', 'productAttributes.attributeId', 'attributes.id')
        .innerJoin('products', 'products.id', 'productAttributes.productId')
        .select(['products.id', 'products.name', 'products.option', 'products.status', 'attributes.name as attributeName', 'attributes.value as attributeValue'])
        .where(sql<boolean>`lower(attributes.name) like ${`${escapeLike(wanted.name)}%`} escape '\\'`)
        .where(sql<boolean>`lower(attributes.value) like ${contains(wanted.value)} escape '\\'`)
        .limit(CANDIDATES)
        .execute();
    return rows.map((row) => ({ id: row.id, label: variantName(row.name, row.option), detail: row.status ? `${row.attributeName}: ${row.attributeValue}` : 'inactive' }));
}

/** By the product list's own search, and by attribute when the query reads `name: value`; a product once. */
async function products(s: Searcher, q: string): Promise<Hit[]> {
    const rows = await s.db
        .selectFrom('products')
        .select(['products.id', 'products.name', 'products.option', 'products.status'])
        .where(listMatch(s, 'products', entity('products').list.search, q))
        .limit(CANDIDATES)
        .execute();
    // A product's variants each: the palette opens the one sold in the pack asked for.
    const byName = rows.map((row) => ({ id: row.id, label: variantName(row.name, row.option), detail: row.status ? undefined : 'inactive' }));
    const wanted = attributeQuery(q);
    const byAttribute = wanted ? await productsByAttribute(s, wanted) : [];
    const seen = new Set(byName.map((hit) => hit.id));
    return ranked([...byName, ...byAttribute.filter((hit) => !seen.has(hit.id) && seen.add(hit.id))], q);
}

async function categories(s: Searcher, q: string): Promise<Hit[]> {
    const rows = await s.db
        .selectFrom('categories')
        .select(['categories.id', 'categories.name'])
        .where(listMatch(s, 'categories', entity('categories').list.search, q))
        .limit(CANDIDATES)
        .execute();
    return ranked(rows.map((row) => ({ id: row.id, label: row.name })), q);
}

async function subcategories(s: Searcher, q: string): Promise<Hit[]> {
    const rows = await s.db
        .selectFrom('subcategories')
        .leftJoin('categories', 'categories.id', 'subcategories.categoryId')
        .select(['subcategories.id', 'subcategories.name', 'categories.name as categoryName'])
        .where(listMatch(s, 'subcategories', entity('subcategories').list.search, q))
        .limit(CANDIDATES)
        .execute();
    return ranked(rows.map((row) => ({ id: row.id, label: row.name, detail: row.categoryName ?? undefined })), q);
}

/** Digits only, with or without a leading #: an order number. */
const orderNumber = (q: string) => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined);
/** Something a phone number is made of, with at least six digits. */
const phoneLike = (q: string) => /^\+?[\d\s-]{6,20}$/.test(q);

/**
 * Customers whose e-mail starts with the query (the unique index on users.email, as a range; the LIKE keeps
 * the answer exact) or whose phone number is the query: staff read customers' contact details alike.
 */
async function customersByContact(s: Searcher, q: string): Promise<number[]> {
    const lower = q.toLowerCase();
    if (lower.includes('@') || /^[a-z0-9._+-]+$/.test(lower)) {
        if (!lower.includes('@') && lower.length < 3) return [];
        let byEmail = s.db.selectFrom('users').select('id').where(sql<boolean>`email like ${`${escapeLike(lower)}%`} escape '\\'`);
        // SQLite's LIKE ignores case, so it uses no index: the range over the stored (lower-case) addresses does.
        // PostgreSQL derives that range from the LIKE itself where the column's collation allows (C).
        if (s.kind === 'sqlite') byEmail = byEmail.where('email', '>=', lower).where('email', '<', `${lower}\u{10FFFF}`);
        const rows = await byEmail.limit(CANDIDATES).execute();
        if (rows.length) return rows.map((row) => row.id);
    }
    if (seesContacts(s.roleId) && phoneLike(q)) {
        const digits = q.replace(/[\s-]/g, '');
        const rows = await s.db.selectFrom('users').select('id').where('contactNo', '=', digits).limit(CANDIDATES).execute();
        return rows.map((row) => row.id);
    }
    return [];
}

async function orders(s: Searcher, q: string): Promise<Hit[]> {
    const conditions: RawBuilder<boolean>[] = [];
    const number = orderNumber(q);
    if (number !== undefined) conditions.push(sql<boolean>`orders.id = ${number}`);
    if (/^inv\//i.test(q)) conditions.push(sql<boolean>`orders.invoice_number = ${q.toUpperCase()}`);
    const name = searchText(q);
    if (name && number === undefined) {
        const byName = await nameCondition(s.db, s.kind, name);
        if (byName) conditions.push(byName);
    }
    const customers = number === undefined ? await customersByContact(s, q) : [];
    if (customers.length) conditions.push(sql<boolean>`orders.customer_id in (${sql.join(customers)})`);
    if (!conditions.length) return [];
    const rows = await s.db
        .selectFrom('orders')
        .select(['orders.id', 'orders.customerName', 'orders.status', 'orders.createdAt'])
        .where(sql<boolean>`(${sql.join(conditions, sql` or `)})`)
        .orderBy('orders.createdAt', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(PER_KIND)
        .execute();
    return rows.map((row) => ({ id: row.id, label: `#${row.id} ${row.customerName}`, detail: row.status }));
}

/** The user list's own search (name and e-mail), plus a phone number. */
async function users(s: Searcher, q: string): Promise<Hit[]> {
    const admin = seesContacts(s.roleId);
    const pattern = contains(q);
    const matches = [sql<boolean>`lower(name) like ${pattern} escape '\\'`];
    if (admin) matches.push(sql<boolean>`lower(email) like ${pattern} escape '\\'`);
    if (admin && phoneLike(q)) matches.push(sql<boolean>`contact_no = ${q.replace(/[\s-]/g, '')}`);
    const rows = await s.db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'roleId'])
        .where(sql<boolean>`(${sql.join(matches, sql` or `)})`)
        .limit(CANDIDATES)
        .execute();
    return ranked(rows.map((row) => ({ id: row.id, label: row.name, detail: admin ? `${row.email ?? '—'} · ${roleName(row.roleId)}` : roleName(row.roleId) })), q);
}

const searchers: Record<Kind, { allowed: (roleId: number) => boolean; find: (s: Searcher, q: string) => Promise<Hit[]> }> = {
    products: { allowed: (roleId) => mayList('products', roleId), find: products },
    categories: { allowed: (roleId) => mayList('categories', roleId), find: categories },
    subcategories: { allowed: (roleId) => mayList('subcategories', roleId), find: subcategories },
    // The order and user lists are staff routes of their own (orderRoutes, userRoutes).
    orders: { allowed: (roleId) => roleAllows('staff', roleId), find: orders },
    users: { allowed: (roleId) => roleAllows('staff', roleId), find: users },
};

/** Every kind the role may list, searched one after another (one connection, a few indexed reads each). */
export async function searchShop(db: Kysely<Database>, kind: DbKind, roleId: number, q: string): Promise<Found> {
    const s: Searcher = { db, kind, roleId };
    const found: Found = {};
    for (const name of KINDS) if (searchers[name].allowed(roleId)) found[name] = await searchers[name].find(s, q);
    return found;
}
