import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Serializer = (doc: unknown) => string;
type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Response serializers by schema text, shared by every app in the process, as `compiledOnce` shares validators:
 * the legacy routes and /api/v1 answer with the same schemas, and a test run builds hundreds of apps. No schema
 * is shared by reference (the server adds none), so a serializer depends on its schema's text alone.
 */
const built = new Map<string, Serializer>();

export function compiledSerializers(): SerializerFactory {
    const factory = SerializerSelector();
    return (externalSchemas, options) => {
        const compile = factory(externalSchemas, options);
        const settings = JSON.stringify(options ?? {});
        return (route) => {
            const key = `${settings}\u0000${JSON.stringify(route.schema)}`;
            let serialize = built.get(key);
            if (!serialize) built.set(key, (serialize = compile(route)));
            return serialize;
        };
    };
}
