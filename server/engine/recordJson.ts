import { sql, type RawBuilder } from 'kysely';
import type { DbKind } from '../db/createDb';
import type { EntityParts } from './entityParts';
import { altField, type GallerySpec } from './gallery';

// A list page read afresh spent most of its time turning rows into objects, decorating them and serializing
// them again (about 1.5 ms of 2 for 100 products). Here the database writes each record's JSON text itself, in
// the bytes the route's serializer (fast-json-stringify) gives the same record: its properties in the record
// schema's order, a null where a field may be empty and the serializer's stand-in ('' , 0, false) where it may
// not, amounts as the exact decimal of their integer units. test/server/record-json.test.ts holds the two to
// the same bytes on both databases, with every character JSON escapes.

type Text = RawBuilder<string>;

/** How one database writes a value as JSON text: never SQL null, so `||` never swallows a record. */
interface JsonWriter {
    string(value: Text): Text;
    integer(value: Text): Text;
    /** The exact decimal of integer units with `places` decimals: 12050 → 120.5, 100 → 1. */
    decimal(value: Text, places: number): Text;
    /** An ordered list of strings, `[]` when there are none. */
    strings(value: Text, order: Text): Text;
    /** An ordered list of whole numbers, `[]` when there are none. */
    integers(value: Text): Text;
}

const writers: Record<DbKind, JsonWriter> = {
    sqlite: {
        // The cast keeps a number that landed in a text column quoted, as the serializer quotes it.
        string: (value) => sql`json_quote(cast(${value} as text))`,
        integer: (value) => sql`coalesce(cast(${value} as integer), 'null')`,
        decimal: (value, places) => {
            const unit = sql.lit(10 ** places);
            // SQLite's own text for a real is not the shortest (123456789012.57 → …57001); integers are exact.
            return sql`case when ${value} is null then 'null' when ${value} % ${unit} = 0 then cast(${value} / ${unit} as text)
                else case when ${value} < 0 then '-' else '' end || cast(abs(${value}) / ${unit} as text) || '.'
                    || rtrim(printf(${sql.lit(`%0${places}d`)}, abs(${value}) % ${unit}), '0') end`;
        },
        strings: (value, order) => sql`json_group_array(${value} order by ${order})`,
        integers: (value) => sql`json_group_array(${value} order by ${value})`,
    },
    postgres: {
        string: (value) => sql`coalesce(to_json(${value}::text)::text, 'null')`,
        integer: (value) => sql`coalesce(${value}::bigint::text, 'null')`,
        decimal: (value, places) => sql`coalesce(trim_scale(${value}::numeric / ${sql.lit(10 ** places)})::text, 'null')`,
        // json_agg writes ", " between items; the serializer writes ",".
        strings: (value, order) => sql`coalesce('[' || string_agg(to_json(${value}::text)::text, ',' order by ${order}) || ']', '[]')`,
        integers: (value) => sql`coalesce('[' || string_agg(${value}::bigint::text, ',' order by ${value}) || ']', '[]')`,
    },
};

/** One or more `"key":value` members of the record's JSON text. */
type Members = (today: string | undefined) => Text;

/** What the serializer writes for a missing value of a property that may not be null. */
const standIn = { string: sql.lit(''), integer: sql.lit(0) };

/**
 * The SQL that writes one record of `parts.select()` as JSON text. `today` is the shop's day, for an entity with a
 * date window. A record property of a kind it does not know fails the start, so a new kind of field is taught here.
 */
export function recordJson(parts: EntityParts, kind: DbKind): (today: string | undefined) => Text {
    const write = writers[kind];
    const members: Members[] = [];
    const properties = parts.described.record.properties as Record<string, { type: unknown }>;
    const skip = new Set<string>();
    for (const [name, schema] of Object.entries(properties)) {
        if (skip.has(name)) continue;
        const member = memberOf(parts, write, name, schema, skip);
        if (!member) throw new Error(`recordJson: ${parts.entity.name}.${name} is of no kind it can write as JSON`);
        members.push(member);
    }
    const whole = (today: string | undefined) => sql<string>`'{' || ${sql.join(members.map((member) => member(today)), sql` || ',' || `)} || '}'`;
    // Compiled to SQL text once (once a day where the record shows its window's state): a page then neither
    // builds nor walks the expression's few hundred nodes again.
    let compiledFor: { today: string | undefined; text: Text } | undefined;
    return (today) => {
        if (compiledFor?.today !== today || !compiledFor) {
            const compiled = whole(today).compile(parts.db);
            if (compiled.parameters.length) throw new Error(`recordJson: ${parts.entity.name}'s expression must hold no parameters`);
            compiledFor = { today, text: sql.raw<string>(compiled.sql) };
        }
        return compiledFor.text;
    };
}

function memberOf(parts: EntityParts, write: JsonWriter, name: string, schema: { type: unknown }, skip: Set<string>): Members | undefined {
    const { entity, described, table, column } = parts;
    const key = (value: Text): Members => () => sql<string>`${sql.lit(`${JSON.stringify(name)}:`)} || ${value}`;
    const nullable = Array.isArray(schema.type) && schema.type.includes('null');
    const ref = (path: string) => sql<string>`${sql.ref(path)}`;
    const string = (path: string) => key(write.string(nullable ? ref(path) : sql`coalesce(${ref(path)}, ${standIn.string})`));
    const integer = (path: string) => key(write.integer(nullable ? ref(path) : sql`coalesce(${ref(path)}, ${standIn.integer})`));

    if (described.gallery && name === described.gallery.field) {
        skip.add(altField(name));
        return galleryMembers(write, described.gallery, table);
    }
    const set = described.sets.find((one) => one.field === name);
    if (set) {
        const ids = write.integers(sql`${sql.ref(`${set.table}.${set.ref}`)}`);
        return () => sql<string>`(select ${sql.lit(`${JSON.stringify(name)}:`)} || ${ids} from ${sql.table(set.table)} where ${sql.ref(`${set.table}.${set.key}`)} = ${sql.ref(`${table}.id`)})`;
    }
    if (name === 'state' && entity.window) {
        const { from, to } = entity.window;
        // As windowState reads the row: a missing day compares as the text 'null'.
        const day = (field: string) => sql`coalesce(${sql.ref(column(field))}, 'null')`;
        return (today) =>
            sql<string>`'"state":' || case when ${day(from)} > ${sql.lit(today ?? '')} then '"scheduled"' when ${day(to)} < ${sql.lit(today ?? '')} then '"expired"' else '"active"' end`;
    }
    const display = described.references.find(({ field }) => field.display?.as === name);
    if (display) return string(`${display.name}Ref.${display.field.display!.field}`);
    const field = entity.fields[name];
    if (!field) return ['id', 'status', 'createdBy'].includes(name) ? integer(column(name)) : schemaIs(schema, 'string') ? string(column(name)) : undefined;
    if (name in described.decimals) {
        const units = ref(column(name));
        return key(nullable ? write.decimal(units, described.decimals[name]) : write.decimal(sql`coalesce(${units}, 0)`, described.decimals[name]));
    }
    // Kept as the JSON text the server wrote (audit.ts), so the text is the member's value as it stands.
    if (described.json.includes(name)) return key(sql<string>`coalesce(${ref(column(name))}, 'null')`);
    if (described.booleans.includes(name)) {
        const empty = nullable ? sql`when ${ref(column(name))} is null then 'null'` : sql``;
        return key(sql<string>`case ${empty} when ${ref(column(name))} = 1 then 'true' else 'false' end`);
    }
    if (schemaIs(schema, 'integer')) return integer(column(name));
    if (schemaIs(schema, 'string')) return string(column(name));
    return undefined;
}

/** A gallery and its alt texts ('' for none), in the gallery's order, from one read of its rows. */
function galleryMembers(write: JsonWriter, { field, table, key }: GallerySpec, ownerTable: string): Members {
    const order = sql<string>`${sql.ref(`${table}.position`)}, ${sql.ref(`${table}.id`)}`;
    const images = write.strings(sql`${sql.ref(`${table}.image`)}`, order);
    const alts = write.strings(sql`coalesce(${sql.ref(`${table}.alt`)}, '')`, order);
    return () => sql<string>`(select ${sql.lit(`${JSON.stringify(field)}:`)} || ${images} || ${sql.lit(`,${JSON.stringify(altField(field))}:`)} || ${alts}
        from ${sql.table(table)} where ${sql.ref(`${table}.${key}`)} = ${sql.ref(`${ownerTable}.id`)})`;
}

const schemaIs = (schema: { type: unknown }, type: string) => [schema.type].flat().filter((t) => t !== 'null').join() === type;
