// Not run again on PostgreSQL: one portable lookup; the rest is files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApp } from './catalogue';
import { form, PNG } from './helpers';

// A request killed between its commit and its picture's move out of staging/ leaves a row pointing at a picture
// still staged. Asked for, the picture is moved into place then, never answered 404 until a sweep gets to it.
describe('a picture whose move out of staging was interrupted', () => {
    it('is moved into place when it is asked for, and a staged picture no row points at stays out of reach', async () => {
        const { app, call } = await adminApp();
        const created = await call('POST', '/api/categories', form({ name: 'Fruits', description: 'Fresh', image: PNG }));
        expect(created.statusCode, created.body).toBe(201);
        const publicPath: string = created.json().data.image;
        const name = publicPath.slice('/uploads/'.length);
        // Put back where the crash left it: committed, not moved.
        await app.storage.move(`uploads/${name}`, `staging/${name}`);

        const res = await app.inject({ method: 'GET', url: publicPath });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(fs.readFileSync(path.join(app.config.dataDir, 'uploads', name)))).toBe(true);
        expect((await app.inject({ method: 'GET', url: publicPath })).statusCode).toBe(200);

        // Staged by a request still under way (or one that failed): no row points at it, so it is not served.
        await app.storage.move(`uploads/${name}`, `staging/${name}`);
        await call('DELETE', `/api/categories/${created.json().data.id}`);
        expect((await app.inject({ method: 'GET', url: publicPath })).statusCode).toBe(404);
    });
});
