import { checkOf } from '../../schema/checks';
import { decimalRule, isDecimalType, isTextType, patternOf, textMax } from '../../schema/fields';
import { snakeCase as snake } from '../db/sqlName';
import { uniqueIndexName } from '../db/uniqueIndex';
import { fieldMessage } from '../../schema/messages';
import { storedFields, uniqueRules, writableFields, type Registry } from '../../schema/registry';
import type { EntitySchema, Field } from '../../schema/types';
import { imageField, MAX_INTEGER, timestamps } from '../http/common';
import { gallerySchemas } from './gallery';
import { referenceSets, setBodySchema, setRecordSchema } from './referenceSets';


const nullable = (type: string, required: unknown) => (required ? { type } : { type: [type, 'null'] });

/** The JSON schema a client's value of one field is checked against. */
function bodySchema(name: string, field: Field, registry: Registry): object | undefined {
    const message = fieldMessage(name, field, field.reference ? registry.target(field) : undefined);
    const described = field.description ? { description: field.description } : {};
    if (field.ignored) return { description: field.ignored };
    switch (field.type) {
        case 'money':
        case 'percent':
        case 'quantity': {
            const rule = decimalRule(name, field);
            // An optional amount may be emptied: null, or empty text (a multipart value), stored as null.
            return {
                type: field.required ? ['string', 'number'] : ['string', 'number', 'null'],
                'x-decimal': field.required ? rule : { ...rule, optional: true },
                'x-message': message,
                description: `From 0 to ${rule.max} with at most ${rule.places} decimals, as a JSON number or a string`,
                ...described,
            };
        }
        case 'integer':
        case 'number':
            // An optional number may be emptied: null, or an empty multipart value (coerced to null).
            return {
                type: field.required ? field.type : [field.type, 'null'],
                minimum: field.min ?? -MAX_INTEGER,
                maximum: field.max ?? MAX_INTEGER,
                'x-message': message,
                ...described,
            };
        case 'reference':
            return { type: 'integer', minimum: 1, maximum: MAX_INTEGER, 'x-message': message, ...described };
        case 'enum':
            return { type: 'string', enum: field.choices, 'x-message': message, ...described };
        case 'boolean':
            return { type: ['boolean', 'integer'], enum: [true, false, 0, 1], 'x-message': message, ...described };
        case 'image':
            return { ...imageField, ...described };
        case 'gallery':
        case 'referenceMany':
            return undefined; // from gallerySchemas and setBodySchema
        default: {
            const pattern = patternOf(field) ?? (field.required ? '\\S' : undefined);
            return {
                type: 'string',
                maxLength: textMax(field),
                ...(pattern ? { pattern } : {}),
                ...(pattern || field.required ? { 'x-message': message } : {}),
                ...described,
            };
        }
    }
}

/** The JSON schema of one field in the records the API answers. */
function recordSchema(field: Field): object {
    switch (field.type) {
        case 'money':
        case 'percent':
        case 'quantity':
        case 'number':
            return nullable('number', field.required);
        case 'integer':
        case 'reference':
            return nullable('integer', field.required);
        case 'boolean':
            return nullable('boolean', field.required);
        case 'image':
            return { type: ['string', 'null'] };
        case 'json':
            return { type: ['object', 'null'], additionalProperties: true };
        default:
            return nullable('string', field.required);
    }
}

/** Everything the server derives from an entity's schema, built once. */
export function describe(entity: EntitySchema, registry: Registry) {
    const fields = Object.entries(entity.fields);
    const stored = fields.filter(([, field]) => !field.ignored && !field.keeps);
    const galleryField = fields.find(([, field]) => field.type === 'gallery');
    const gallery = galleryField && { field: galleryField[0], ...galleryField[1].gallery! };
    const gallerySchema = gallery && gallerySchemas(gallery);
    const sets = referenceSets(entity, registry);

    const recordProperties: Record<string, object> = { id: { type: 'integer' } };
    for (const [name, field] of stored) {
        if (field.type === 'gallery') continue;
        const set = sets.find((one) => one.field === name);
        recordProperties[name] = set ? setRecordSchema(set) : recordSchema(field);
        if (field.display) recordProperties[field.display.as] = nullable('string', field.required);
    }
    if (entity.createdBy) recordProperties.createdBy = { type: ['integer', 'null'] };
    if (entity.window) recordProperties.state = { type: 'string', enum: ['scheduled', 'active', 'expired'] };
    const record = {
        type: 'object',
        properties: { ...recordProperties, ...gallerySchema?.record, status: { type: 'integer' }, ...timestamps },
    };

    const bodyProperties: Record<string, object> = {};
    for (const [name, field] of fields) {
        if (field.readOnly) continue;
        const set = sets.find((one) => one.field === name);
        const schema = set ? setBodySchema(set, field.description) : bodySchema(name, field, registry);
        if (schema) bodyProperties[name] = schema;
    }
    Object.assign(bodyProperties, gallerySchema?.body);

    const message = { success: { type: 'boolean' }, message: { type: 'string' } };
    const writable = writableFields(entity);
    const kept = storedFields(entity);
    return {
        record,
        written: { type: 'object', properties: { ...message, data: record } },
        removed: { type: 'object', properties: { ...message, data: { type: 'object', properties: { id: { type: 'integer' } } } } },
        bodyProperties,
        /** Fields a create must carry; an update may leave any out, but may not blank one. */
        required: writable.filter(([, field]) => field.required === true).map(([name]) => name),
        /** Fields stored as columns of the row itself. */
        columns: kept.filter(([, field]) => field.type !== 'gallery' && field.type !== 'image' && field.type !== 'referenceMany').map(([name]) => name),
        /** Sets of references, each kept in a table of its own (a product's attribute values). */
        sets,
        decimals: Object.fromEntries(kept.filter(([, field]) => isDecimalType(field.type)).map(([name, field]) => [name, decimalRule(name, field).places])),
        images: writable.filter(([, field]) => field.type === 'image').map(([name]) => name),
        /** Images that must be sent on create (e.g. a page's picture). */
        requiredImages: writable.filter(([, field]) => field.type === 'image' && field.required).map(([name]) => name),
        gallery,
        /** Fields that name the current value of an image, to keep it (`existingImage`). */
        keeps: writable.filter(([, field]) => field.keeps).map(([name, field]) => ({ name, image: field.keeps! })),
        /** Fields with rules that read another field of the row, or more than a pattern can say (a named check). */
        crossChecks: kept.filter(([, field]) => field.notBefore || field.notAbove || field.rangeBy || field.choicesFrom || checkOf(field)?.problem),
        richText: kept.filter(([, field]) => field.type === 'richText').map(([name]) => name),
        upperCase: kept.filter(([, field]) => field.case === 'upper').map(([name]) => name),
        /** Yes/no fields: stored as 1 or 0 (neither database driver takes a JSON boolean), answered as true or false. */
        booleans: kept.filter(([, field]) => field.type === 'boolean').map(([name]) => name),
        /** JSON objects kept as their text (an activity line's changes), answered as the object. */
        json: stored.filter(([, field]) => field.type === 'json').map(([name]) => name),
        references: writable.filter(([, field]) => field.type === 'reference').map(([name, field]) => ({ name, field, target: registry.target(field) })),
        /** What no two rows may share: a field's `unique` and the entity's combinations alike. */
        unique: uniqueRules(entity),
        /** The database's unique indexes and what a clash on each means. */
        clashes: [
            ...uniqueRules(entity).map(({ fields, message }) => ({ index: uniqueIndexName(snake(entity.table), fields.map(snake)), field: fields.at(-1)!, message })),
            // Tables made before 2026-11-25 also keep a column's own unique constraint: SQLite names it table.column, PostgreSQL table_column_key.
            ...writable
                .filter(([, field]) => field.unique)
                .flatMap(([name, field]) =>
                    [`${snake(entity.table)}.${snake(name)}`, `${snake(entity.table)}_${snake(name)}_key`].map((index) => ({ index, field: name, message: field.unique! })),
                ),
        ],
        textFields: kept.filter(([, field]) => isTextType(field.type)).map(([name]) => name),
        dependents: registry.dependents(entity.name),
    };
}

export type Description = ReturnType<typeof describe>;
