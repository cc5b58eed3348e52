import { entities } from '../../schema';
import { capital, fieldTitle } from '../../schema/messages';
import { writableFields } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import type { Messages } from './overlay';

/** The API's sentence for each call a schema's paths offer, as the screens' notification after it. */
const notifications = ({ messages, paths }: EntitySchema) =>
    Object.fromEntries(
        Object.entries({
            created: paths.create && messages.created,
            updated: paths.update && messages.updated,
            toggled: paths.toggle && messages.toggled,
            deleted: paths.remove && messages.deleted,
        }).filter(([, text]) => text)
    );

/**
 * The English words an entity's schema gives its screens, so that a new entity reads well with no label file:
 * its name from its noun, the title (see fieldTitle) of each field its list, filters and form show, the API's own
 * sentences after a save, a toggle or a delete, and the toggle's question. schema/labels/en/<name>.ts lays its words over these.
 */
export function schemaLabels(entity: EntitySchema, all: EntitySchema[] = entities): Messages {
    const [one, many] = entity.noun;
    const { columns, filters, search } = entity.list;
    const formFields = writableFields(entity).filter(([, field]) => !field.keeps && !field.ignored).map(([name]) => name);
    const byDisplay = new Map(Object.entries(entity.fields).flatMap(([name, field]) => (field.display ? [[field.display.as, name]] : [])));
    const title = (name: string) => {
        const field = entity.fields[name];
        return field ? fieldTitle(name, field, all.find(other => other.name === field.reference)) : fieldTitle(name);
    };
    const fields: Record<string, string> = { id: 'ID' };
    for (const name of new Set([...columns, ...filters, ...formFields])) fields[name] = title(byDisplay.get(name) ?? name);
    for (const name of entity.list.atMost ?? []) fields[`${name}_lte`] = `${title(name)} at most`;
    if (search.length) fields.q = 'Search';
    return {
        name: `${capital(one)} |||| ${capital(many)}`,
        fields,
        notifications: notifications(entity),
        ...(entity.ui?.confirmToggle ? { confirm_toggle: `Are you sure you want to %{action} this ${one}?` } : {}),
    };
}

/** Every schema entity's English words, as `resources.<name>.*` messages. */
export const schemaMessages = (all: EntitySchema[] = entities): Messages => ({
    resources: Object.fromEntries(all.map(entity => [entity.name, schemaLabels(entity, all)])),
});
