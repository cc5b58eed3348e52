import { useMemo, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { HttpError, Title, useDataProvider, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';

import type { StockDataProvider } from '../../dataProvider';
import { errorReason } from '../../common/errorReason';
import { changesOf, COLUMNS, errorsById, isChanged, type Column, type Edits } from './bulkEditRows';
import { BULK_GRID, BulkEditRow } from './BulkEditRow';

const key = (name: string) => `resources.products.bulk_edit.${name}`;
/** The most products the grid loads at once: narrow it by category or search for more. */
const ROWS = 500;

/**
 * The morning's update: every product of a category (or a search) in a grid, price, MRP and stock typed in place,
 * saved in one request that takes all the rows or none and names each refused row's problem under its cell.
 */
export const BulkEdit = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<StockDataProvider>();
    const [q, setQ] = useState('');
    const [categoryId, setCategoryId] = useState('');
    const [edits, setEdits] = useState<Edits>({});
    const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
    const [saving, setSaving] = useState(false);
    const filter = useMemo(() => ({ ...(q.trim() ? { q: q.trim() } : {}), ...(categoryId ? { categoryId } : {}) }), [q, categoryId]);
    const { data: records = [], total, isPending, refetch } = useGetList('products', { pagination: { page: 1, perPage: ROWS }, sort: { field: 'name', order: 'ASC' }, filter });
    const { data: categories = [] } = useGetList('categories', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });
    const changes = changesOf(records, edits);
    const badStock = records.some(record => isChanged(record, 'stock', edits[record.id]?.stock) && !/^\d*$/.test(edits[record.id]!.stock!.trim()));

    const type = (record: RaRecord, column: Column, text: string) => setEdits(current => ({ ...current, [record.id]: { ...current[record.id], [column]: text } }));

    const save = async () => {
        if (!changes.length) return notify(key('unchanged'), { type: 'info' });
        setSaving(true);
        try {
            const { changed } = await dataProvider.bulkEditProducts(changes);
            notify(key('saved'), { type: 'success', messageArgs: { smart_count: changed } });
            setEdits({});
            setErrors({});
            await refetch();
        } catch (error) {
            const byId = error instanceof HttpError ? errorsById(error.body?.errors) : {};
            setErrors(byId);
            if (Object.keys(byId).length) notify(key('refused'), { type: 'error' });
            else notify(errorReason(error).key, { type: 'error', messageArgs: errorReason(error).args });
        } finally {
            setSaving(false);
        }
    };

    return (
        <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
            <Title title={key('title')} />
            <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
                {translate(key('title'))}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
                <TextField label={translate(key('search'))} value={q} onChange={event => setQ(event.target.value)} size="small" />
                <TextField select label={translate(key('category'))} value={categoryId} onChange={event => setCategoryId(event.target.value)} size="small" sx={{ minWidth: 200 }}>
                    <MenuItem value="">{translate(key('all_categories'))}</MenuItem>
                    {categories.map(category => (
                        <MenuItem key={category.id} value={String(category.id)}>
                            {category.name}
                        </MenuItem>
                    ))}
                </TextField>
                <Box sx={{ flex: 1 }} />
                <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || badStock || !changes.length}>
                    {translate(key('save'), { smart_count: changes.length })}
                </Button>
            </Stack>
            {total != null && total > ROWS && <Alert severity="info" sx={{ mb: 1 }}>{translate(key('narrow'), { shown: ROWS, total })}</Alert>}
            <Box role="table" aria-label={translate(key('title'))}>
                <Box role="row" sx={{ ...BULK_GRID, display: { xs: 'none', sm: 'grid' }, py: 1, fontWeight: 'bold' }}>
                    {['name', 'sku', ...COLUMNS].map(field => (
                        <Typography key={field} role="columnheader" variant="body2" fontWeight="bold">
                            {translate(`resources.products.fields.${field}`)}
                        </Typography>
                    ))}
                </Box>
                {!isPending && records.length === 0 && <Typography sx={{ py: 2 }}>{translate('resources.products.no_results')}</Typography>}
                {records.map((record, row) => (
                    <BulkEditRow key={record.id} record={record} row={row} edits={edits} errors={errors} onType={type} />
                ))}
            </Box>
        </Box>
    );
};
