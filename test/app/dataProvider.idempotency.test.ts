import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../src/authProvider';
import { API_URL } from '../../src/config';
import { createDataProvider, httpClient, withIdempotencyKey } from '../../src/dataProvider';
import { makeApp, signIn } from '../server/helpers';
import { serveWith } from './realApi';

// A create whose answer the network lost is sent once more with the same Idempotency-Key, and the real API
// answers it with the first answer: one record, not two.

afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
});

/** The real API behind fetch; the first POST reaches it, then its answer is lost (the connection cut). */
async function cutOnce() {
    const t = await makeApp();
    const { authorization } = await signIn(t);
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    serveWith(t);
    const served = globalThis.fetch;
    const keys: Array<string | null> = [];
    let cut = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const answer = await served(input, init);
        if (init.method !== 'POST') return answer;
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (cut) return answer;
        cut = true;
        throw new TypeError('Failed to fetch');
    });
    return { t, keys };
}

describe('the data provider’s writes and Idempotency-Key', () => {
    it('sends a create again with the same key when the network failed, and the API makes one record', async () => {
        const { t, keys } = await cutOnce();
        const dataProvider = createDataProvider(API_URL, withIdempotencyKey(httpClient));
        const { data } = await dataProvider.create('attribute', { data: { name: 'Weight', value: '1 kg', description: 'Net' } });
        expect(data).toMatchObject({ name: 'Weight', value: '1 kg' });
        expect(keys).toHaveLength(2);
        expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
        expect(keys[1]).toBe(keys[0]);
        expect(await t.app.db.selectFrom('attributes').select('name').execute()).toEqual([{ name: 'Weight' }]);
    });

    it('gives each create a key of its own', async () => {
        const { t, keys } = await cutOnce();
        const dataProvider = createDataProvider(API_URL, withIdempotencyKey(httpClient));
        await dataProvider.create('attribute', { data: { name: 'Weight', value: '1 kg', description: 'Net' } });
        await dataProvider.create('attribute', { data: { name: 'Weight', value: '2 kg', description: 'Net' } });
        expect(new Set(keys).size).toBe(2);
        expect(await t.app.db.selectFrom('attributes').select('value').orderBy('id').execute()).toEqual([{ value: '1 kg' }, { value: '2 kg' }]);
    });
});
