// Not run again on PostgreSQL: type generation and a plain CRUD journey.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { makeApp, signIn } from './helpers';

// An integrator's client: TypeScript types generated from the live OpenAPI document with openapi-typescript,
// a journey written against them with openapi-fetch, type-checked (a wrong call must not compile) and then run
// against the real server.

const journey = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

export async function journey(baseUrl: string, authorization: string) {
    const client = createClient<paths>({ baseUrl, headers: { authorization } });
    const made = await client.POST('/api/v1/categories', { body: { name: 'Generated', description: 'From the generated client' } });
    if (!made.data) throw new Error(JSON.stringify(made.error));
    // The record is a named schema whose fields are required: no non-null assertion on its id.
    const category: components['schemas']['Category'] = made.data;
    const id: number = category.id;
    const changed = await client.PUT('/api/v1/categories/{id}', { params: { path: { id } }, body: { description: 'Changed by the client' } });
    const page = await client.GET('/api/v1/categories', { params: { query: { sort: 'id', order: 'DESC', page: 1, perPage: 10 } } });
    const refused = await client.POST('/api/v1/categories', { body: { name: '', description: 'x' } });
    const removed = await client.DELETE('/api/v1/categories/{id}', { params: { path: { id } } });
    const gone = await client.GET('/api/v1/categories/{id}', { params: { path: { id } } });
    return {
        id,
        description: changed.data?.description,
        names: page.data?.map((category) => category.name),
        range: page.response.headers.get('content-range'),
        refusal: refused.error?.errors,
        removed: removed.data?.id,
        gone: gone.response.status,
    };
}

export async function wrongCalls(baseUrl: string) {
    const client = createClient<paths>({ baseUrl });
    // @ts-expect-error a category needs its name
    await client.POST('/api/v1/categories', { body: { description: 'no name' } });
    // @ts-expect-error there is no such path
    await client.GET('/api/v1/nothing-here');
}
`;

/** Generates the types and writes the journey beside them, in a folder that sees the project's packages. */
async function generated(document: unknown): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-client-'));
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    fs.writeFileSync(path.join(dir, 'journey.ts'), journey);
    return dir;
}

function typeErrors(file: string): string[] {
    const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] };
    const program = ts.createProgram([file], options);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from the OpenAPI document', () => {
    it('type-checks against it and drives a journey through /api/v1', async () => {
        const t = await makeApp();
        const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { authorization } = await signIn(t);
        const dir = await generated(t.app.swagger());

        expect(typeErrors(path.join(dir, 'journey.ts'))).toEqual([]);

        const { journey: run } = (await import(pathToFileURL(path.join(dir, 'journey.ts')).href)) as { journey: (base: string, auth: string) => Promise<Record<string, unknown>> };
        const result = await run(base, authorization);
        expect(result).toMatchObject({ description: 'Changed by the client', names: ['Generated'], range: 'items 0-0/1', removed: result.id, gone: 404 });
        expect(result.refusal).toMatchObject({ name: expect.any(String) });
    }, 120_000);
});
