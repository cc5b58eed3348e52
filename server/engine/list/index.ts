/**
 * The list read path: start here. A `GET` of a list (routes/listRoute.ts) has its querystring parsed and checked
 * by the route's schema (query.ts: paging, sort, search, the list's filters, react-admin's stock dialect), then
 * asks the entity's ListReader for a page or for every row:
 *
 *   plainReader (below)     the page as SQL: the table alone filtered, counted and paged (repository.ts), the
 *                           page's records read as JSON with their joins in one statement (entityList.ts);
 *   cache/keptReader.ts     the same reader with what is kept between requests around it: whole answers, totals,
 *                           orders, page boundaries, records. Each module in cache/ says what it keeps and when it
 *                           forgets it. `LIST_CACHE=off` leaves the layer out; the answers are the same.
 */
import { sortableColumns, unsortableColumns } from '../../../schema/registry';
import type { Values } from '../rows';
import type { EntityParts } from '../entityParts';
import { keptReader } from './cache/keptReader';
import { seeksByKey } from './cursor';
import { entityList } from './entityList';
import type { ListQuery, ListSpec } from './query';
import type { RawBuilder } from 'kysely';
import { holdsAll } from '../referenceSets';
import { listOf } from './repository';
import { decimalRule, isDecimalType } from '../../../schema/fields';

export * from './query';
export { lastRecordOf, linkNext } from './cursor';
export { listOf, pageOf } from './repository';

/** A page as it is sent: its total, how many records it holds, and their JSON array as the database wrote it. */
export interface ListPage {
    total: number;
    count: number;
    recordsJson: string;
}

/** What a list route reads through. */
export interface ListReader {
    /** A page of the list. `asker`: the request, whose versions read the cache layer may have started already. */
    list(query: ListQuery, asker?: object): Promise<ListPage>;
    /** A bare list's total, then its records a chunk at a time (each chunk made into what is sent by `each`). */
    stream<T>(query: ListQuery, each: (records: Values[]) => T): Promise<{ total: number; chunks: AsyncGenerator<T> }>;
    /** Starts what `asker`'s coming `list` call will read first (the cache layer's versions read); else nothing. */
    readAhead(asker: object): void;
}

const INTEGER_TYPES = new Set(['integer', 'reference', 'boolean', 'number']);

/** What the list route offers: the schema's search, sort and filters, each filter typed by its field. */
export function listSpecOf({ entity, column, described }: EntityParts): ListSpec {
    const filters = entity.list.filters
        .filter((name) => !(entity.window && name === 'state'))
        .map((name) => [name, name === 'status' || INTEGER_TYPES.has(entity.fields[name]?.type) ? 'integer' : 'string']);
    const holds = Object.fromEntries(
        described.sets.filter((set) => entity.list.filters.includes(set.field)).map((set) => [set.field, (ids: number[], id: RawBuilder<unknown>) => holdsAll(set, ids, id)]),
    );
    return { search: entity.list.search, sort: sortableColumns(entity), unsorted: unsortableColumns(entity), filters: Object.fromEntries(filters), holds, atMost: entity.list.atMost, atMostScale: decimalScales(entity), column };
}

/** The decimal fields among a list's upper bounds, with the stored units one of them makes (1000 for a quantity). */
function decimalScales(entity: EntityParts['entity']): Record<string, number> {
    const decimals = (entity.list.atMost ?? []).filter((name) => isDecimalType(entity.fields[name]?.type));
    return Object.fromEntries(decimals.map((name) => [name, 10 ** decimalRule(name, entity.fields[name]).places]));
}

/** The entity's list reader: the plain one, inside the cache layer unless the configuration turns it off. */
export function listReader(parts: EntityParts, spec: ListSpec): ListReader {
    const plain = plainReader(parts, spec);
    if (!parts.app.config.listCache) return plain;
    const kept = keptReader(parts, spec, plain);
    // A cursor's or a changed-since page is a range of the sort's index read once by one client: nothing to keep.
    return { ...kept, list: (query, asker) => (seeksByKey(query) ? plain.list(query) : kept.list(query, asker)) };
}

/** Every list call read from the database: counted, paged and read as JSON, nothing kept. */
export function plainReader(parts: EntityParts, spec: ListSpec): ListReader {
    const lists = entityList(parts);
    return {
        async list(query) {
            const today = await lists.today();
            const { query: rest, base, rowsOf } = lists.listing(query, today);
            const { rows, total } = await listOf(base, rest, spec, rowsOf);
            return { total, ...(await lists.whole(query, rows, today)) };
        },
        async stream(query, each) {
            const today = await lists.today();
            const { query: rest, base, rowsOf } = lists.listing(query, today);
            const { rows, total } = await listOf(base, rest, spec, rowsOf);
            return { total, chunks: lists.stream(rows, today, each) };
        },
        readAhead() {},
    };
}
