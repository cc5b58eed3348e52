import { HttpError } from '../errors';

export const DECODE_BUSY = 'The server is busy with other pictures; please try again in a minute';

/**
 * At most `max` pictures decoded at once in this process, the others waiting their turn in order. Decoding
 * takes memory in proportion to a picture's pixels (4 bytes each, often twice over), and sharp otherwise
 * runs as many as libuv has threads (UV_THREADPOOL_SIZE, 4): a few large pictures at once would take every
 * core and a gigabyte. A waiting request holds its body, so the queue is bounded too: past `maxWaiting` the
 * picture is refused with 503 rather than kept.
 */
export class DecodeSlots {
    private running = 0;
    private readonly waiting: Array<() => void> = [];
    /** The most run at once since start, for tests and the curious. */
    peak = 0;

    constructor(
        readonly max: number,
        readonly maxWaiting = max * 16,
    ) {}

    /**
     * Runs `work` in a slot once one is free. `holdsBody` false: the caller waits with nothing large in hand (a
     * sized copy, made once per picture, width and format), so it is never refused for a full queue.
     */
    async run<T>(work: () => Promise<T>, holdsBody = true): Promise<T> {
        if (this.running >= this.max) {
            if (holdsBody && this.waiting.length >= this.maxWaiting) throw new HttpError(503, DECODE_BUSY);
            await new Promise<void>((resolve) => this.waiting.push(resolve));
        } else this.running++;
        this.peak = Math.max(this.peak, this.running);
        try {
            return await work();
        } finally {
            // The slot passes straight to the next in line, so `running` never dips and lets a newcomer jump the queue.
            const next = this.waiting.shift();
            if (next) next();
            else this.running--;
        }
    }
}
