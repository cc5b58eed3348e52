import { describe, expect, it } from 'vitest';

import { entities } from '../../schema';
import * as en from '../../schema/labels/en';
import * as hi from '../../schema/labels/hi';
import { writableFields } from '../../schema/registry';

/** The fields an entity's form fills in: a person reads each one's title. */
const formFields = (entity: (typeof entities)[number]) =>
    writableFields(entity)
        .filter(([, field]) => !field.keeps)
        .map(([name]) => name);

// schema/index.ts is the one list of entities: every language's words follow it (tsc holds the records to it too).
describe.each(entities.map(entity => [entity.name, entity] as const))('the words of the entity %s', (name, entity) => {
    it.each([
        ['English', en.resourceWords],
        ['Hindi', hi.resourceWords],
    ])('are in %s: its name and a title for every field its form fills in', (_, words) => {
        const own = words[name];
        expect(own?.name).toMatch(/\S \|\|\|\| \S/);
        expect(formFields(entity).filter(field => !own?.fields?.[field])).toEqual([]);
    });
});

describe('the label files', () => {
    it('name no entity that schema/index.ts does not list, beside the resources that have no schema', () => {
        const known = new Set([...entities.map(entity => entity.name), 'users', 'contacts', 'videos', 'orders', 'customers']);
        for (const words of [en.resourceWords, hi.resourceWords]) expect(Object.keys(words).filter(name => !known.has(name))).toEqual([]);
    });
});
