import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { DataTable, ListContextProvider, useCreatePath, useGetList, useList, useRecordContext, useTranslate, type RaRecord } from 'react-admin';

import type { EntitySchema } from '../../schema/types';
import { SchemaColumn } from './SchemaColumn';
import { useEntitySchema } from './SchemaContext';

/** What a new variant starts with: the product's shared fields, and the product it belongs to. */
export const newVariantOf = (schema: EntitySchema, record: RaRecord) => {
    const spec = schema.variants!;
    return { ...Object.fromEntries(spec.shared.map(field => [field, record[field]])), [spec.parent]: record.id };
};

/**
 * Adds a variant to the product on screen: the create form, its shared fields filled in. Its words show on a phone
 * too, where react-admin's own buttons keep only their icon (Create turns into a floating +).
 */
export const AddVariantButton = ({ record }: { record: RaRecord }) => {
    const schema = useEntitySchema();
    const createPath = useCreatePath();
    const translate = useTranslate();
    return (
        <Button component={Link} to={createPath({ resource: schema.name, type: 'create' })} state={{ record: newVariantOf(schema, record) }} variant="outlined" size="small" startIcon={<AddIcon />}>
            {translate('app.variants.add')}
        </Button>
    );
};

/**
 * A product's variants (schema/types.ts `variants`), its own row first, each opening its own form, and a button to
 * add one: under the product's row in the list, and on the product's form. A variant's own form shows none.
 */
export const VariantRows = () => {
    const schema = useEntitySchema();
    const record = useRecordContext();
    const translate = useTranslate();
    const spec = schema.variants!;
    const first = record && record[spec.parent] == null ? record : undefined;
    const { data = [], isPending } = useGetList(
        schema.name,
        { filter: { [spec.parent]: first?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
        { enabled: first?.id != null },
    );
    const list = useList({ data: first ? [first, ...data] : [], isPending });
    if (!first) return null;
    return (
        <Box component="section" aria-label={translate('app.variants.title')} sx={{ py: 1, px: { xs: 0, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                {translate('app.variants.title')}
            </Typography>
            {/* A phone scrolls the table within its width (its size contained) rather than widening the page. */}
            {/* Focusable, so that a keyboard scrolls it too (axe: scrollable-region-focusable). */}
            <Box tabIndex={0} role="group" aria-label={translate('app.variants.title')} sx={{ overflowX: 'auto', contain: 'inline-size', mb: 1 }}>
                <ListContextProvider value={list}>
                    <DataTable rowClick="edit" bulkActionButtons={false} storeKey={`${schema.name}.variants`}>
                        {spec.columns.map(column => (
                            <SchemaColumn key={column} source={column} sortable={false} />
                        ))}
                    </DataTable>
                </ListContextProvider>
            </Box>
            {!isPending && !data.length && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('app.variants.none')}
                </Typography>
            )}
            <AddVariantButton record={first} />
        </Box>
    );
};
