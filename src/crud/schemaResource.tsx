import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';

import { represent } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { iconOf } from './icons';
import { lazyView, type LazyView } from '../common/lazyView';
import { SchemaContext } from './SchemaContext';

// Fetched when first shown: the forms carry the rich-text editor, and no list is on the first screen.
const SchemaList = lazyView(() => import('./SchemaList').then(module => module.SchemaList));
const SchemaCreate = lazyView(() => import('./SchemaCreate').then(module => module.SchemaCreate));
const SchemaEdit = lazyView(() => import('./SchemaEdit').then(module => module.SchemaEdit));

/** What a resource folder may replace: a view, the icon, the representation. */
export type ResourceOverrides = Partial<Pick<ResourceProps, 'list' | 'create' | 'edit' | 'icon' | 'recordRepresentation'>>;

type View = ComponentType | undefined;

/**
 * A react-admin resource made from a schema: generated list, create and edit views (unless the schema's
 * paths offer no create or update), its icon and representation; `overrides` replace only what they name.
 * Each view sees its schema through `SchemaContext`, so generated inputs work inside hand-written views too.
 */
export function schemaResource(schema: EntitySchema, overrides: ResourceOverrides = {}): Omit<ResourceProps, 'name'> {
    const withSchema = (View: View) =>
        View &&
        Object.assign(
            () => (
                <SchemaContext.Provider value={schema}>
                    <View />
                </SchemaContext.Provider>
            ),
            // A view fetched when shown can still be fetched ahead (preloadList).
            { preload: (View as Partial<LazyView<object>>).preload }
        );
    const views = {
        list: (overrides.list ?? SchemaList) as View,
        create: (overrides.create ?? (schema.paths.create ? SchemaCreate : undefined)) as View,
        edit: (overrides.edit ?? (schema.paths.update ? SchemaEdit : undefined)) as View,
    };
    return {
        list: withSchema(views.list),
        create: withSchema(views.create),
        edit: withSchema(views.edit),
        icon: overrides.icon ?? iconOf(schema.icon),
        recordRepresentation: overrides.recordRepresentation ?? ((record: Record<string, unknown>) => represent(schema, record)),
    };
}
