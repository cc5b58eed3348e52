import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../server/config';
import { makeApp, signIn } from './helpers';

export type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: InjectOptions['payload']) => Promise<LightMyRequestResponse>;

/** A fresh app (with these settings) and a `call` signed in as an administrator. */
export async function adminApp(overrides: Partial<Config> = {}) {
    const t = await makeApp(overrides);
    const headers = await signIn(t);
    const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
    return { ...t, headers, call };
}

/**
 * What a product needs: categories 1 (Fruits & Vegetables) and 2 (Staples), subcategory 1 (Fresh Fruits)
 * under category 1 and 2 (Rice) under category 2, attribute 1 and GST rate 1.
 */
export async function catalogueBasics(call: Call) {
    const created = [
        await call('POST', '/api/categories', { name: 'Fruits & Vegetables', description: 'Fresh produce' }),
        await call('POST', '/api/categories', { name: 'Staples', description: 'Atta, rice and dal' }),
        await call('POST', '/api/subcategories', { categoryId: 1, name: 'Fresh Fruits' }),
        await call('POST', '/api/subcategories', { categoryId: 2, name: 'Rice' }),
        await call('POST', '/api/attribute', { name: 'Weight', value: '1 kg' }),
        await call('POST', '/api/gst', { type: 'IGST', description: '5% slab', percent: 5 }),
    ];
    for (const res of created) if (res.statusCode !== 201) throw new Error(res.body);
}

/** A valid product body (category 1, subcategory 1), as multipart text fields send it. */
export const apples = {
    name: 'Shimla Apples 1 kg',
    description: 'Crisp red apples from Himachal',
    categoryId: '1',
    subcategoryId: '1',
    attributeId: '1',
    gstId: '1',
    price: '189.00',
};

/** The files stored under DATA_DIR/uploads. */
export const uploads = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'uploads')).sort();
