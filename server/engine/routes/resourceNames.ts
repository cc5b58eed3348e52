import type { Registry } from '../../../schema/registry';
import type { EntitySchema } from '../../../schema/types';

/** English plural of a field's stem, as react-admin's guessers make it (inflection's rules for the words here). */
const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);

/**
 * The names an entity answers under `/api/v1`: its own, then the one each reference field to it makes by
 * react-admin's convention (`attributeId` → `attributes`, `gstId` → `gsts`, `pageCategoryId` → `pageCategories`),
 * so a guessed ReferenceField finds it. Each name is the whole resource, writes included.
 */
export function resourceNames(entity: EntitySchema, registry: Registry): string[] {
    const guessed = registry.entities.flatMap((other) =>
        Object.entries(other.fields)
            .filter(([name, field]) => field.type === 'reference' && field.reference === entity.name && name.endsWith('Id'))
            .map(([name]) => plural(name.slice(0, -2))),
    );
    return [...new Set([entity.name, ...guessed])];
}
