import type { KeyboardEvent } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';

import { SavingText } from '../../common/PriceWithSaving';
import { cellText, COLUMNS, isChanged, type Column, type Edits } from './bulkEditRows';
import { isLoose, unitOf } from '../../../schema/measure';
import { variantName } from '../../../schema/variantName';

// A phone shows each product as a block: its name, then its three inputs side by side. Cells keep to the top, so
// that a problem under one input does not push its neighbours down.
export const BULK_GRID = { display: 'grid', gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'minmax(0, 3fr) minmax(0, 1fr) repeat(3, minmax(0, 1.2fr))' }, columnGap: 1, alignItems: 'start' } as const;
const wholeRow = { gridColumn: { xs: '1 / -1', sm: 'auto' } } as const;

/** Moves to the same column of the row above or below on the arrows and Enter (Tab goes along the row, as ever). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, row: number, column: Column) {
    const step = event.key === 'ArrowDown' || event.key === 'Enter' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    const next = document.querySelector<HTMLInputElement>(`[data-cell="${row + step}:${column}"]`);
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.select();
}

/** One product's row of the grid: its name and SKU, then price, MRP and stock as inputs, each with its problem. */
export const BulkEditRow = ({ record, row, edits, errors, onType }: { record: RaRecord; row: number; edits: Edits; errors: Record<string, Record<string, string>>; onType: (record: RaRecord, column: Column, text: string) => void }) => {
    const translate = useTranslate();
    return (
        <Box role="row" sx={{ ...BULK_GRID, py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Box role="cell" sx={wholeRow}>
                <Typography variant="body2">{variantName(record.name, record.option)}</Typography>
                {errors[record.id]?.id && <Typography variant="caption" color="error">{errors[record.id].id}</Typography>}
                <SavingText price={cellText(record, edits, 'price')} ceiling={cellText(record, edits, 'mrp')} />
            </Box>
            <Typography role="cell" variant="body2" color="text.secondary" sx={{ ...wholeRow, overflowWrap: 'anywhere' }}>
                {record.sku ?? ''}
            </Typography>
            {COLUMNS.map(column => {
                const text = cellText(record, edits, column);
                const changed = isChanged(record, column, edits[record.id]?.[column]);
                const loose = isLoose(record.unit);
                const invalid = column === 'stock' && changed && !(loose ? /^(\d+(\.\d{0,3})?)?$/ : /^\d*$/).test(text.trim());
                const problem = errors[record.id]?.[column] ?? (invalid ? translate(`resources.products.stock_change.${loose ? 'loose_quantity_hint' : 'quantity_hint'}`) : undefined);
                return (
                    <TextField
                        key={column}
                        role="cell"
                        size="small"
                        margin="dense"
                        label={column === 'stock' && loose ? `${translate(`resources.products.fields.${column}`)} (${translate(`app.units.${unitOf(record.unit)}`)})` : translate(`resources.products.fields.${column}`)}
                        value={text}
                        onChange={event => onType(record, column, event.target.value)}
                        onKeyDown={event => moveFocus(event, row, column)}
                        error={Boolean(problem)}
                        helperText={problem}
                        sx={changed ? { '& .MuiOutlinedInput-root': { bgcolor: 'action.selected' } } : undefined}
                        slotProps={{ htmlInput: { inputMode: column === 'stock' && !loose ? 'numeric' : 'decimal', 'data-cell': `${row}:${column}`, 'aria-label': `${translate(`resources.products.fields.${column}`)}: ${variantName(record.name, record.option)}` } }}
                    />
                );
            })}
        </Box>
    );
};
