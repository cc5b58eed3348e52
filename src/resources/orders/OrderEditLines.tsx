import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, type Theme } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import type { DeskDataProvider, DeskProduct } from '../../dataProvider/deskMethods';
import { useDeskMutation } from './useDeskMutation';
import { DeskLines, withOneMore, type DeskLine } from './DeskLines';
import { ProductScanner } from './ProductScanner';
import { QuoteSummary } from './QuoteSummary';
import { SubstituteChoices } from './SubstituteChoices';
import { useQuote } from './useQuote';
import type { Order } from './orderStatuses';
import { AddOnButton } from './AddOnButton';

const EDITABLE = ['placed', 'paid'];

/** The lines with a new line of one of the product, unless the order already has it. */
const withProduct = (lines: DeskLine[], product: DeskProduct): DeskLine[] => (lines.some(line => line.productId === product.id) ? lines : withOneMore(lines, product));

/**
 * "Edit lines" until the order is packed: quantities, lines removed or added, a product substituted for a line taken
 * out. The server reprices, moves stock, writes the history and mails the customer; a paid order can only shrink.
 */
export const OrderEditLines = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<DeskDataProvider>();
    const fullScreen = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const [open, setOpen] = useState(false);
    const [lines, setLines] = useState<DeskLine[]>([]);
    const [instead, setInstead] = useState<Record<number, number>>({});
    const [note, setNote] = useState('');
    const { mutate, isPending: busy } = useDeskMutation(
        (body: Parameters<DeskDataProvider['changeLines']>[1]) => dataProvider.changeLines(order!.id, body),
        () => {
            setOpen(false);
            refresh();
        }
    );
    const paid = Boolean(order?.paidAt || order?.invoiceNumber);
    const { quote, problem } = useQuote(open && !paid ? lines : [], order?.pincode ?? '', order?.couponCode ?? '');
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);
    if (!order || !EDITABLE.includes(order.status) || !order.nextStatuses?.length) return null;

    const original = (order.lines ?? []).filter(line => line.productId !== null).map(line => ({ productId: line.productId!, name: line.name, quantity: line.quantity, unit: line.unit }));
    const start = () => {
        setLines(original);
        setInstead({});
        setNote('');
        setOpen(true);
    };
    const kept = lines.filter(line => line.quantity > 0);
    const removed = original.filter(line => !kept.some(one => one.productId === line.productId));
    const added = kept.filter(line => !original.some(one => one.productId === line.productId));
    const save = () => {
        const substitutions = added.filter(line => instead[line.productId] && removed.some(r => r.productId === instead[line.productId])).map(line => ({ from: instead[line.productId], to: line.productId }));
        mutate({
            items: kept.map(({ productId, quantity }) => ({ productId, quantity })),
            ...(substitutions.length ? { substitutions } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
        });
    };

    return (
        <>
            <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={start} sx={{ mr: 1, mb: 1 }}>
                {t('edit')}
            </Button>
            <Dialog open={open} onClose={() => !busy && setOpen(false)} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="edit-lines-title">
                <DialogTitle id="edit-lines-title">{t('edit_title', { id: order.id })}</DialogTitle>
                <DialogContent>
                    <Stack spacing={2}>
                        <DialogContentText>{paid ? t('edit_paid_hint') : t('edit_hint')}</DialogContentText>
                        <DeskLines lines={lines} quote={quote} onChange={setLines} />
                        {!paid && (
                            <ProductScanner onAdd={product => setLines(now => withProduct(now, product))} />
                        )}
                        <SubstituteChoices added={added} removed={removed} instead={instead} onChange={(productId, from) => setInstead(now => ({ ...now, [productId]: from }))} />
                        <TextField label={t('note')} value={note} onChange={event => setNote(event.target.value)} size="small" slotProps={{ htmlInput: { maxLength: 300 } }} />
                        {problem && <Alert severity="warning">{problem}</Alert>}
                        {quote && (
                            <Box>
                                <QuoteSummary quote={quote} />
                            </Box>
                        )}
                    </Stack>
                </DialogContent>
                <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {paid && <AddOnButton order={order} disabled={busy} />}
                    <Button onClick={() => setOpen(false)} disabled={busy}>
                        {t('cancel')}
                    </Button>
                    <Button variant="contained" onClick={save} disabled={busy || kept.length === 0}>
                        {t('save')}
                    </Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
