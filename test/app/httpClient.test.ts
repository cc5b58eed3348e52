import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { httpClient } from '../../src/http/httpClient';
import { fetchCall, stubFetch } from './fetchStub';

describe('httpClient', () => {
    it('sends the stored token as a bearer, with JSON headers for a JSON body', async () => {
        localStorage.setItem('token', 'abc');
        const fetch = stubFetch(200, { success: true });

        await httpClient('/api/categories/3/toggle', { method: 'POST', body: '{"status":0}' });

        expect(fetchCall(fetch)).toEqual({
            url: '/api/categories/3/toggle',
            method: 'POST',
            headers: { accept: 'application/json', authorization: 'Bearer abc', 'content-type': 'application/json' },
            body: '{"status":0}',
        });
    });

    it('leaves the content type of FormData to the browser and sends no token when signed out', async () => {
        const fetch = stubFetch(201, { success: true, data: { id: 1 } });

        await httpClient('/api/categories', { method: 'POST', body: new FormData() });

        expect(fetchCall(fetch).headers).toEqual({ accept: 'application/json' });
    });

    it('turns an error answer into an HttpError with the message and the field errors', async () => {
        stubFetch(400, { success: false, message: 'Validation failed', errors: { name: 'Name is required' } });

        const error = await httpClient('/api/categories', { method: 'POST', body: new FormData() }).catch(e => e);

        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({
            message: 'Validation failed',
            status: 400,
            body: {
                message: 'Validation failed',
                errors: { name: 'Name is required', root: { serverError: 'Validation failed' } },
            },
        });
    });
});
