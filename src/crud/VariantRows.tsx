import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
    DataTable,
    ListContextProvider,
    useCanAccess,
    useCreatePath,
    useDataProvider,
    useList,
    useNotify,
    useRecordContext,
    useTranslate,
    type Identifier,
    type RaRecord,
} from 'react-admin';

import type { EntitySchema } from '../../schema/types';
import { serverMessage } from '../common/serverMessage';
import type { AppDataProvider, VariantMethods } from '../dataProvider';
import { SchemaColumn } from './SchemaColumn';
import { useEntitySchema } from './SchemaContext';
import { VariantMoveButtons } from './VariantMoveButtons';

/** What a new variant starts with: the product's shared fields, and the product it belongs to. */
export const newVariantOf = (schema: EntitySchema, record: RaRecord) => {
    const spec = schema.variants!;
    return { ...Object.fromEntries(spec.shared.map(field => [field, record[field]])), [spec.parent]: record.id };
};

/**
 * A variant as its row shows it: without a picture of its own it shows its product's (and that picture's words), as
 * a shop's storefront does. Only the row borrows it; the variant's record keeps none.
 */
export const shownWithProduct = (schema: EntitySchema, first: RaRecord, variant: RaRecord): RaRecord => {
    const pictures = schema.variants!.columns.filter(column => schema.fields[column]?.type === 'image' && !variant[column]);
    return pictures.length ? { ...variant, ...Object.fromEntries(pictures.flatMap(column => [[column, first[column]], [`${column}Alt`, first[`${column}Alt`]]])) } : variant;
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
 * The product's rows in their order, its own first (GET …/variants), and a move of one variant up or down that
 * saves the new order at once (PUT …/variants/order) and shows what the server answers.
 */
function useFamily(resource: string, first: RaRecord | undefined) {
    const dataProvider = useDataProvider<AppDataProvider & VariantMethods>();
    const queryClient = useQueryClient();
    const notify = useNotify();
    const queryKey = [resource, 'variantsOf', first?.id];
    const { data, isPending } = useQuery({
        queryKey,
        queryFn: async () => (await dataProvider.variantsOf(resource, first!.id)).data,
        enabled: first?.id != null,
    });
    const move = async (id: Identifier, by: -1 | 1) => {
        const ids = (data ?? []).slice(1).map(row => row.id);
        const at = ids.indexOf(id);
        [ids[at], ids[at + by]] = [ids[at + by], ids[at]];
        try {
            queryClient.setQueryData(queryKey, (await dataProvider.orderVariants(resource, first!.id, ids)).data);
        } catch (error) {
            notify(serverMessage(error) ?? 'app.error.submit_error', { type: 'error' });
        }
    };
    return { rows: data, isPending, move };
}

/**
 * A product's variants (schema/types.ts `variants`), its own row first, each opening its own form, and a button to
 * add one: under the product's row in the list, and on the product's form. A variant's own form shows none. Who may
 * change the product moves its variants up and down.
 */
export const VariantRows = () => {
    const schema = useEntitySchema();
    const record = useRecordContext();
    const translate = useTranslate();
    const spec = schema.variants!;
    const first = record && record[spec.parent] == null ? record : undefined;
    const { rows, isPending, move } = useFamily(schema.name, first);
    const { canAccess: mayMove } = useCanAccess({ action: 'edit', resource: schema.name, record: first });
    const variants = (rows ?? []).slice(1).map(variant => shownWithProduct(schema, first!, variant));
    const list = useList({ data: first ? [rows?.[0] ?? first, ...variants] : [], isPending });
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
                        {mayMove && variants.length > 1 && (
                            <DataTable.Col label="app.variants.order" disableSort>
                                <VariantMoveButtons ids={variants.map(variant => variant.id)} option={spec.option} move={move} />
                            </DataTable.Col>
                        )}
                    </DataTable>
                </ListContextProvider>
            </Box>
            {!isPending && !variants.length && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('app.variants.none')}
                </Typography>
            )}
            <AddVariantButton record={first} />
        </Box>
    );
};
