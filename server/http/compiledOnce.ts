/**
 * Compiled validators by schema text, shared by every app in the process. Route schemas are built afresh for
 * each app and copied by `finiteNumbers`, so Ajv's own cache, keyed by object, never hits: the same few hundred
 * schemas were compiled again for each route that shares them and for each app a test run builds, and compiling
 * was most of an app's start. Every app compiles with the same options and keywords, so one text has one validator.
 */
const compiled = new Map<string, unknown>();

export function compiledOnce<Host extends { compile: (schema: unknown, meta?: boolean) => unknown }>(ajv: Host) {
    const compile = ajv.compile.bind(ajv);
    ajv.compile = (schema: unknown, meta?: boolean) => {
        const key = JSON.stringify(schema);
        let validate = compiled.get(key);
        if (!validate) compiled.set(key, (validate = compile(schema, meta)));
        return validate;
    };
    return ajv;
}
