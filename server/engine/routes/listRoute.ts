import { WINDOW_STATES, type EntitySchema } from '../../../schema/types';
import { errorResponses } from '../../http/common';
import { jsonArray } from '../jsonArray';
import { contentRange, dropBlankParams, lastRecordOf, linkNext, isBareList, isStockDialect, listQuerySchema, stockListParams, type ListPage, type ListQuery, type ListSpec } from '../list';
import { refuseUnknown } from '../../http/unknownKeys';
import type { RouteParts } from './routeParts';
import { NOT_FILTERS } from './stockAnswers';

/**
 * `GET <list path>`: a page (kept answers), or every row streamed when the query asks for no page. At a
 * `/api/v1` path (`stockOnly`) the answer is always the stock dialect's bare array with Content-Range.
 */
export function listRoute({ app, entity, described, store, tags, config }: RouteParts, { path = entity.paths.list, stockOnly = false } = {}) {
    const { record } = described;
    const legacy = entity.envelope && !stockOnly
        ? { anyOf: [{ type: 'object', properties: { success: { type: 'boolean' }, [entity.envelope]: { type: 'array', items: record } } }, { type: 'array', items: record }] }
        : { type: 'array', items: record };
    // Each page's bytes in each dialect, made once: a kept page is sent again as it was, not encoded and measured again.
    const sent = { stock: new WeakMap<ListPage, Buffer>(), legacy: new WeakMap<ListPage, Buffer>() };
    const bytesOf = (page: ListPage, stock: boolean) => {
        const made = sent[stock ? 'stock' : 'legacy'];
        let bytes = made.get(page);
        if (!bytes) made.set(page, (bytes = Buffer.from(stock || !entity.envelope ? page.recordsJson : enveloped(page.recordsJson, entity.envelope))));
        return bytes;
    };
    app.get(path, {
        config: { ...config('list'), readAhead: store.readAhead },
        preValidation: stockOnly ? stockListParams : dropBlankParams,
        schema: { tags, summary: `List ${entity.noun[1]}`, querystring: querystringOf(store.listSpec, entity, stockOnly), response: { 200: legacy, ...errorResponses } },
        handler: async (request, reply) => {
            const query = request.query as ListQuery;
            const stock = isStockDialect(request);
            if (isBareList(query)) {
                // Every row, streamed from the database as it is sent: memory stays flat however many there are.
                const json = jsonArray(reply.compileSerializationSchema(record) as (value: unknown) => string, stock ? undefined : entity.envelope);
                const { total, chunks } = await store.stream(query, json.records);
                reply.header('X-Total-Count', total);
                if (stock) reply.header('Content-Range', contentRange(query, total, total));
                return reply.type('application/json; charset=utf-8').send(json.stream(chunks));
            }
            const page = await store.list(query, request);
            const sort = query.sort ?? store.listSpec.sort[0];
            const descending = (query.order ?? (query.sort ? undefined : entity.list.defaultOrder))?.toUpperCase() === 'DESC';
            linkNext(request, reply, { sort, descending }, () => lastRecordOf(page), page.count, query.limit ?? query.perPage);
            reply.header('X-Total-Count', page.total);
            if (stock) reply.header('Content-Range', contentRange(query, page.count, page.total));
            return reply.type('application/json; charset=utf-8').send(bytesOf(page, stock));
        },
    });
}

/** A page's records as the legacy clients read them: `{"success":true,"products":[…]}`, as the schema's serializer writes it. */
const enveloped = (records: string, envelope: string) => `{"success":true,${JSON.stringify(envelope)}:${records}}`;


/**
 * A list's querystring. At `/api/v1` a filter the list does not have is refused, naming the ones it has, since
 * a filter dropped silently answers every row as if it had matched. The legacy paths keep ignoring keys they do
 * not know: their clients send extras.
 */
function querystringOf(spec: ListSpec, entity: EntitySchema, stockOnly: boolean) {
    const querystring = withWindowFilter(listQuerySchema(spec), entity);
    if (!stockOnly) return querystring;
    const filters = Object.keys(querystring.properties).filter((name) => !NOT_FILTERS.has(name));
    return { ...querystring, additionalProperties: refuseUnknown(`Unknown filter {name}; this list filters by: ${filters.join(', ')}`) };
}

/** The filters a list has beyond its columns: a date window's state, a range of days. */
function withWindowFilter<T extends object>(querystring: T, entity: EntitySchema): T {
    const { properties } = querystring as unknown as { properties: Record<string, object> };
    const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-message': 'Please give the day as YYYY-MM-DD' };
    return {
        ...querystring,
        properties: {
            ...properties,
            ...(entity.window ? { state: { type: 'string', enum: [...WINDOW_STATES] } } : {}),
            ...(entity.list.dateRange ? { from: { ...day, description: 'From this day' }, to: { ...day, description: 'To this day, included' } } : {}),
        },
    };
}
