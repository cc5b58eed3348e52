import { Readable } from 'node:stream';

/**
 * A JSON array (or the legacy `{"success":true,"<envelope>":[…]}`) written record by record as the chunks
 * come, each record by the route's own serializer: byte for byte what serializing the whole answer at once
 * gives, without ever holding it.
 */
export function streamJson<T>(chunks: AsyncIterable<T[]>, serialize: (record: T) => string, envelope?: string): Readable {
    async function* text() {
        yield envelope ? `{"success":true,${JSON.stringify(envelope)}:[` : '[';
        let first = true;
        for await (const records of chunks) {
            let part = '';
            for (const record of records) {
                part += first ? serialize(record) : `,${serialize(record)}`;
                first = false;
            }
            if (part) yield part;
        }
        yield envelope ? ']}' : ']';
    }
    return Readable.from(text(), { objectMode: false });
}
