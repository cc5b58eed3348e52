import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import type { StockDataProvider, StockReason } from '../../dataProvider';
import { errorReason } from '../../common/errorReason';
import { useQuantityText } from '../../common/Quantity';
import { isLoose, unitOf } from '../../../schema/measure';

const REASONS: StockReason[] = ['received', 'damaged', 'counted'];
const key = (name: string) => `resources.products.stock_change.${name}`;

/**
 * "Change stock" on a product's page: units received, written off as damaged, or the count found on the shelf,
 * sent as one change with its reason (kept in the product's history below).
 */
export const StockChange = () => {
    const record = useRecordContext();
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    const quantityText = useQuantityText();
    if (!record) return null;
    const stock = record.stock as number | null | undefined;
    return (
        <Stack direction="row" alignItems="center" spacing={2} sx={{ px: 2, py: 1 }}>
            <Typography variant="body2">
                {stock == null ? translate(key('untracked')) : translate(key('now'), { stock: quantityText(stock, record.unit) })}
            </Typography>
            <Button startIcon={<Inventory2Icon />} onClick={() => setOpen(true)}>
                {translate(key('button'))}
            </Button>
            {open && <StockDialog id={record.id} unit={record.unit} onClose={() => setOpen(false)} />}
        </Stack>
    );
};

/** Pieces are counted whole; loose goods in their unit to the gram (0.25 kg). */
const QUANTITY = { whole: /^\d{1,7}$/, loose: /^\d{1,7}(\.\d{1,3})?$/ };

const StockDialog = ({ id, unit, onClose }: { id: string | number; unit: unknown; onClose: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<StockDataProvider>();
    const [reason, setReason] = useState<StockReason>('received');
    const [quantity, setQuantity] = useState('');
    const [note, setNote] = useState('');
    const [saving, setSaving] = useState(false);
    const loose = isLoose(unit);
    const valid = QUANTITY[loose ? 'loose' : 'whole'].test(quantity.trim());

    const save = async () => {
        setSaving(true);
        try {
            const { message } = await dataProvider.changeStock(id, { reason, quantity: Number(quantity), note });
            notify(message ?? key('saved'), { type: 'success' });
            refresh();
            onClose();
        } catch (error) {
            const { key: reasonKey, args } = errorReason(error);
            notify(reasonKey, { type: 'error', messageArgs: args });
            setSaving(false);
        }
    };

    return (
        <Dialog open onClose={onClose} aria-labelledby="stock-change-title">
            <DialogTitle id="stock-change-title">{translate(key('title'))}</DialogTitle>
            <DialogContent>
                <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 360 } }}>
                    <TextField select label={translate(key('reason'))} value={reason} onChange={event => setReason(event.target.value as StockReason)}>
                        {REASONS.map(choice => (
                            <MenuItem key={choice} value={choice}>
                                {translate(key(choice))}
                            </MenuItem>
                        ))}
                    </TextField>
                    <TextField
                        label={translate(key(reason === 'counted' ? 'counted_quantity' : 'quantity'))}
                        value={quantity}
                        onChange={event => setQuantity(event.target.value)}
                        inputMode={loose ? 'decimal' : 'numeric'}
                        error={quantity !== '' && !valid}
                        helperText={quantity !== '' && !valid ? translate(key(loose ? 'loose_quantity_hint' : 'quantity_hint')) : ' '}
                        slotProps={loose ? { input: { endAdornment: <InputAdornment position="end">{translate(`app.units.${unitOf(unit)}`)}</InputAdornment> } } : undefined}
                        autoFocus
                    />
                    <TextField label={translate(key('note'))} value={note} onChange={event => setNote(event.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                <Button variant="contained" onClick={save} disabled={!valid || saving}>
                    {translate(key('save'))}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
