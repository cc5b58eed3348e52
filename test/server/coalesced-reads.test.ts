import { describe, expect, it } from 'vitest';

import { coalescedReads } from '../../server/infra/coalescedReads';
import { adminApp } from './catalogue';

/** A store read through coalescedReads, counting the reads that reach it. */
function counted() {
    let value = 1;
    let reads = 0;
    const read = coalescedReads(async (key: string) => {
        reads++;
        return `${key}:${value}`;
    });
    return { read, set: (next: number) => void (value = next), reads: () => reads };
}

describe('coalescedReads', () => {
    it('answers the callers of one turn with one read per key', async () => {
        const store = counted();
        const answers = await Promise.all([store.read('a'), store.read('a'), store.read('b'), store.read('a')]);
        expect(answers).toEqual(['a:1', 'a:1', 'b:1', 'a:1']);
        expect(store.reads()).toBe(2);
    });

    it('never answers a caller from before what it could have seen: a change made before the call is read', async () => {
        const store = counted();
        const first = store.read('a');
        // Changed before the next caller asks, before the read is sent: both see it.
        store.set(2);
        const second = store.read('a');
        expect(await first).toBe('a:2');
        expect(await second).toBe('a:2');
        store.set(3);
        // The read above has been sent and answered: a new caller waits for a read of its own.
        expect(await store.read('a')).toBe('a:3');
        expect(store.reads()).toBe(2);
    });

    it('does not let a caller join a read that was sent before it asked', async () => {
        let release!: () => void;
        let reads = 0;
        let value = 1;
        const read = coalescedReads(async (_: void) => {
            reads++;
            const seen = value;
            await new Promise<void>(resolve => (release = resolve));
            return seen;
        });
        const early = read();
        await new Promise(resolve => setImmediate(resolve));
        // The early read is on its way (it has seen value 1); a change and a new caller now need a new read.
        value = 2;
        const late = read();
        release();
        expect(await early).toBe(1);
        await new Promise(resolve => setImmediate(resolve));
        release();
        expect(await late).toBe(2);
        expect(reads).toBe(2);
    });
});

describe('the session lookup and the list versions, shared by requests that arrive together', () => {
    it('answer 40 list requests at once, then refuse the very next request once the session is signed out', async () => {
        const { app, headers } = await adminApp();
        const pages = await Promise.all(Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/api/categories?page=1&perPage=10', headers })));
        expect(pages.map(res => res.statusCode)).toEqual(Array(40).fill(200));

        const signedOut = await app.inject({ method: 'POST', url: '/api/userlogout', headers });
        expect(signedOut.statusCode).toBe(200);
        const after = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/categories?page=1&perPage=10', headers })));
        expect(after.map(res => res.statusCode)).toEqual(Array(5).fill(401));
    });

    it('show a write to requests that arrive after it, while others read the list at the same time', async () => {
        const { app, headers } = await adminApp();
        const list = () => app.inject({ method: 'GET', url: '/api/categories?page=1&perPage=10', headers });
        const before = await Promise.all(Array.from({ length: 20 }, list));
        expect(before.every(res => res.json().length === 0)).toBe(true);

        for (let n = 1; n <= 5; n++) {
            const busy = Promise.all(Array.from({ length: 10 }, list));
            const created = await app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: `Aisle ${n}`, description: 'Shelf' } });
            expect(created.statusCode).toBe(201);
            // Asked once the write has answered: it must be in every one of these.
            const after = await Promise.all(Array.from({ length: 10 }, list));
            expect(after.map(res => res.json().length)).toEqual(Array(10).fill(n));
            await busy;
        }
    });
});
