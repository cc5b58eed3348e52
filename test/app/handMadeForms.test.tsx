import fs from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { entities } from '../../schema';
import { writableFields } from '../../schema/registry';
import { attributes, categories, gstRates, inMemoryDataProvider, subcategories } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';

/**
 * Every form laid out by hand (src/resources/<entity>/ with its own create or edit), with the writable fields it
 * leaves out on purpose and why. A field added to the schema and to neither fails here, instead of silently
 * missing from the screen.
 */
const HAND_MADE: Record<string, { leftOut: Record<string, string> }> = {
    // A new product is sold by the piece: the step and minimum appear once it is sold loose (ProductForm.test.tsx).
    products: { leftOut: { step: 'only for loose goods', minimum: 'only for loose goods', parentId: 'set by Add a variant, fixed once created' } },
};

const tables = { categories, subcategories, attribute: attributes, gst: gstRates, products: [] };

/** The fields the rendered form has an input for: react-admin names each input, or its wrapper's `ra-input-<source>` class, after its source. */
const inputSources = () =>
    new Set(
        [...document.querySelectorAll('[name], [id], [class*="ra-input-"]')].flatMap(element => [
            element.getAttribute('name'),
            element.id,
            ...[...element.classList].flatMap(name => (name.startsWith('ra-input-') ? [name.slice('ra-input-'.length)] : [])),
        ]).filter((name): name is string => !!name)
    );

describe('the hand-made forms', () => {
    it('are every entity form that src/resources/ replaces', async () => {
        const replaced: string[] = [];
        for (const entity of entities) {
            if (!fs.existsSync(`src/resources/${entity.name}/index.ts`)) continue;
            const views = (await import(`../../src/resources/${entity.name}/index.ts`)).default;
            if (views.create || views.edit) replaced.push(entity.name);
        }
        expect(replaced.sort()).toEqual(Object.keys(HAND_MADE).sort());
    });

    it.each(Object.entries(HAND_MADE))('have an input for every writable field of %s, or say why not', async (name, { leftOut }) => {
        const entity = entities.find(each => each.name === name)!;
        renderAdmin(`/${name}/create`, inMemoryDataProvider(tables));
        await screen.findByRole('button', { name: /save/i }, { timeout: 10_000 });
        const sources = inputSources();
        const missing = writableFields(entity)
            .filter(([field, spec]) => !spec.keeps && !(field in leftOut))
            .map(([field]) => field)
            .filter(field => !sources.has(field));
        expect(missing).toEqual([]);
        expect(Object.keys(leftOut).filter(field => !(field in entity.fields))).toEqual([]);
    });
});
