import { Readable } from 'node:stream';

/**
 * A JSON array (or the legacy `{"success":true,"<envelope>":[…]}`) written a chunk of records at a time,
 * each record by the route's own serializer: byte for byte what serializing the whole answer at once gives,
 * without ever holding it. `records` makes a chunk's text (as its rows are read); `stream` sends the whole.
 */
export function jsonArray<T>(serialize: (record: T) => string, envelope?: string) {
    let first = true;
    return {
        records(records: T[]): string {
            let text = '';
            for (const record of records) {
                text += first ? serialize(record) : `,${serialize(record)}`;
                first = false;
            }
            return text;
        },

        /**
         * The answer: its opening, each chunk's text as it comes, its closing. Text is handed to the socket as
         * it is (an object-mode stream, one chunk ahead at most): turned into a Buffer here it would be memory
         * outside V8's heap, freed only by a later garbage collection.
         */
        stream(texts: AsyncIterable<string>): Readable {
            async function* whole() {
                yield envelope ? `{"success":true,${JSON.stringify(envelope)}:[` : '[';
                for await (const text of texts) if (text) yield text;
                yield envelope ? ']}' : ']';
            }
            return Readable.from(whole(), { objectMode: true, highWaterMark: 1 });
        },
    };
}
