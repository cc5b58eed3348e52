import { checkProblem } from '../../schema/checks';
import { fieldMessage } from '../../schema/messages';
import type { EntityParts } from './entityParts';
import { isFile } from '../infra/files';
import { assertReferences, assertUnique } from './integrity';
import { fromUnits } from './money';
import type { AnyDb, Row, Values } from './rows';
import { badRequest } from '../infra/errors';

/**
 * Everything a save is checked against before anything is stored: images a create must carry, what no two rows
 * may share, references, and the rules that read more than one value. `conn` is the caller's transaction when
 * there is one (a CSV import), so rows written earlier in it count.
 */
export async function assertWritable(parts: EntityParts, conn: AnyDb, values: Values, body: Values, existing?: Row): Promise<void> {
    const { described, table } = parts;
    assertRequiredImages(parts, body, existing);
    await assertUnique(conn, table, described.unique, described.textFields, changedValues(values, existing), { ...existing, ...values }, existing?.id);
    await assertReferences(conn, described.references, values, existing);
    await assertRules(parts, conn, values, body, existing);
}

/**
 * What an update changes: a value sent as it is stored was checked when it was stored, and the database's unique
 * indexes hold it still, so only the others are looked up again (a re-imported catalogue sends every field of every
 * row, nearly all of them as they are).
 */
function changedValues(values: Values, existing?: Row): Values {
    if (!existing) return values;
    return Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== existing[name]));
}

/** A create without an image its schema requires is refused before any file is stored. */
function assertRequiredImages({ entity, described }: EntityParts, body: Values, existing?: Row): void {
    const missing = existing ? [] : described.requiredImages.filter((field) => !isFile(body[field]));
    if (!missing.length) return;
    const errors = Object.fromEntries(missing.map((field) => [field, fieldMessage(field, entity.fields[field])]));
    throw badRequest(Object.values(errors)[0], errors);
}

/**
 * The rules that read more than one value: a named check (a GSTIN's check character and state), dates in order, an
 * amount at most another (a price at most its MRP),
 * bounds that depend on another field, a value that must name another row, and an `existingImage` that must be
 * this row's current image.
 */
async function assertRules(parts: EntityParts, conn: AnyDb, values: Values, body: Values, existing?: Row): Promise<void> {
    const { entity, described } = parts;
    const row: Values = { ...existing, ...values };
    const errors: Record<string, string> = {};
    for (const [name, field] of described.crossChecks) {
        const value = row[name];
        const others = [field.notBefore?.field, field.notAbove?.field, field.rangeBy?.field, field.checkWith];
        if (value == null || !(name in values || others.some((other) => other && other in values))) continue;
        const problem = checkProblem(name, field, row);
        if (problem) errors[name] = problem;
        if (field.notBefore && row[field.notBefore.field] != null && String(value) < String(row[field.notBefore.field])) {
            errors[name] = field.notBefore.message;
        }
        const ceiling = field.notAbove && row[field.notAbove.field];
        if (ceiling != null && Number(value) > Number(ceiling)) errors[name] = field.notAbove!.message;
        const range = field.rangeBy?.ranges[String(row[field.rangeBy.field])];
        if (range) {
            const amount = name in described.decimals ? fromUnits(Number(value), described.decimals[name]) : Number(value);
            if ((range.min !== undefined && amount < range.min) || (range.max !== undefined && amount > range.max)) errors[name] = range.message;
        }
        if (field.choicesFrom && name in values) {
            const target = parts.registry.entity(field.choicesFrom.reference);
            const found = await conn.selectFrom(target.table).select('id').where(field.choicesFrom.field, '=', value).executeTakeFirst();
            if (!found) errors[name] = fieldMessage(name, field);
        }
    }
    for (const { name, image } of described.keeps) {
        if (body[name] === undefined || body[name] === '' || isFile(body[image])) continue;
        if (!existing || existing[image] !== body[name]) errors[name] = `This is not the current image of this ${entity.noun[0]}`;
    }
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
}
