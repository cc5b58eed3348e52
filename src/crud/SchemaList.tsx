import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';

import type { EntitySchema } from '../../schema/types';
import { ActionsColumn } from '../common/ActionsColumn';
import { BulkActions } from '../common/BulkActions';
import { ListActions } from '../common/ListActions';
import type { PageReference } from '../common/PageReferences';
import { ResourceList } from '../common/ResourceList';
import { SchemaColumn } from './SchemaColumn';
import { listDefaults, variantsFilter } from './listDefaults';
import { useEntitySchema } from './SchemaContext';
import { schemaExporter } from './schemaExporter';
import { schemaFilters } from './schemaFilters';
import { SchemaPhoneList } from './SchemaPhoneList';
import { VariantRows } from './VariantRows';
import { VariantsToggle } from './VariantsToggle';

/** The list's columns that name another resource's record: read once a page (PageReferencesProvider). */
const referenceColumns = (schema: EntitySchema): PageReference[] =>
    schema.list.columns.flatMap(source => {
        const field = schema.fields[source];
        return field?.type === 'reference' && field.reference ? [{ source, reference: field.reference }] : [];
    });

/** The list's own filter for an entity with variants, by the filters the address (react-admin's list state) holds. */
const useVariantsFilter = (schema: EntitySchema) => {
    const { search } = useLocation();
    const chosen = new URLSearchParams(search).get('filter');
    return useMemo(() => variantsFilter(schema, parsedFilter(chosen)), [schema, chosen]);
};

/** The URL's filter as react-admin reads it; an address with a broken one shows the list unfiltered. */
const parsedFilter = (chosen: string | null): Record<string, unknown> | undefined => {
    try {
        return chosen ? JSON.parse(chosen) : undefined;
    } catch {
        return undefined;
    }
};

/**
 * The generated list: the schema's columns, filters, search, sort and page size, the actions its paths
 * allow (one by one and on a selection), a one-column list on phones, and a CSV of what staff read.
 */
export const SchemaList = () => {
    const schema = useEntitySchema();
    const translate = useTranslate();
    const { ui = {}, variants } = schema;
    const { perPage, sort } = listDefaults(schema);
    const filter = useVariantsFilter(schema);
    const references = useMemo(() => referenceColumns(schema), [schema]);
    const deletable = Boolean(schema.paths.remove);
    const toggle = schema.paths.toggle
        ? {
              confirm: ui.confirmToggle ? `resources.${schema.name}.confirm_toggle` : undefined,
              serverMessage: ui.toggleServerMessage,
          }
        : (false as const);
    return (
        <ResourceList
            filters={schemaFilters(schema)}
            perPage={perPage}
            sort={sort}
            phone={<SchemaPhoneList toggle={toggle} />}
            bulkActionButtons={toggle || deletable ? <BulkActions toggle={Boolean(toggle)} deletable={deletable} /> : false}
            exporter={schemaExporter(schema, translate)}
            actions={
                <ListActions
                    importPath={schema.import ? schema.paths.list : undefined}
                    links={ui.listLinks}
                    exportUnfiltered={variants && [variants.position]}
                />
            }
            // An empty list keeps its toolbar where rows can be imported: Import is the way to fill it.
            empty={schema.import ? false : undefined}
            references={references}
            filter={filter}
            expand={variants && <VariantRows />}
            isRowExpandable={variants && (record => record[variants.parent] == null)}
            hiddenColumns={schema.list.hidden}
        >
            {schema.list.columns.map(column => (
                <SchemaColumn key={column} source={column} />
            ))}
            {(schema.paths.update || toggle || deletable) && (
                <ActionsColumn deletable={deletable} toggle={toggle}>
                    {variants && <VariantsToggle />}
                </ActionsColumn>
            )}
        </ResourceList>
    );
};
