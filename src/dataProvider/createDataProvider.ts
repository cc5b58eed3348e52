import type { AppDataProvider } from './AppDataProvider';
import type { BulkMethods } from './bulkMethods';
import { endpoints as defaultEndpoints, type Endpoint } from './endpoints';
import type { HttpClient } from '../http/httpClient';
import { readMethods } from './readMethods';
import { restCalls } from './restCalls';
import { writeMethods } from './writeMethods';

/**
 * Maps react-admin queries to the API described in docs/api.md. A resource with a `v1` entry is served by
 * react-admin's own `ra-data-simple-rest` on `/api/v1`; the calls its entry sends elsewhere, and every call of a
 * resource without one, follow the legacy paths of the endpoint map (docs/api.md, "The app's legacy calls").
 *
 * getList          => v1:     GET /v1/res?filter={"q":"veg"}&range=[0,24]&sort=["name","ASC"]   (total from Content-Range)
 *                     legacy: GET path in the same stock dialect (`stock`), or
 *                             GET path?page=1&perPage=25&sort=name&order=ASC&q=veg&status=1        (total from X-Total-Count)
 * getOne           => GET    /v1/res/{id}; legacy: path/{id} (or itemPath(id))
 * getMany          => GET    /v1/res?filter={"id":[1,2]}; legacy: path?id=1,2
 * getManyReference => as getList, with {target}={id} among the filters
 * create           => POST   /v1/res (JSON); multipart: POST createPath ?? path (FormData)
 * update           => PUT    /v1/res/{id} with the fields that differ from previousData;
 *                     multipart: POST updatePath(id) ?? path/{id} (gallery paths taken out go as removeField)
 * updateMany       => one update per id
 * delete           => DELETE /v1/res/{id} (answers the record); legacy: DELETE path/{id}, or the entry's own call
 * deleteMany       => one delete per id
 * toggleStatus     => PUT    /v1/res/{id} {status}; legacy: POST toggle.path(id) with toggle.body(status)
 * bulk             => POST   path/bulk with {ids, action}               (one request for the selected rows)
 */
export const createDataProvider = (
    apiUrl: string,
    httpClient: HttpClient,
    endpoints: Record<string, Endpoint> = defaultEndpoints
): AppDataProvider & BulkMethods => {
    const calls = restCalls(apiUrl, httpClient, endpoints);
    return { ...readMethods(calls), ...writeMethods(calls) };
};
