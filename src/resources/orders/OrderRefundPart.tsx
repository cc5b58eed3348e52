import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, useMediaQuery, type Theme } from '@mui/material';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import { useDataProvider, useGetIdentity, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import type { DeskDataProvider } from '../../dataProvider/deskMethods';
import { useDeskMutation } from './useDeskMutation';
import { ROLE } from '../users/roles';
import type { Order } from './orderStatuses';
import { RefundLines } from './RefundLines';

/**
 * "Refund part": chosen lines and quantities (numbered as on the invoice), or an amount, with a reason. The server
 * refunds through the provider or records cash, and issues the credit note, which then lists on the page.
 */
export const OrderRefundPart = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<DeskDataProvider>();
    const isAdmin = Number(useGetIdentity().identity?.roleId) === ROLE.admin;
    const fullScreen = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const [open, setOpen] = useState(false);
    const [how, setHow] = useState<'lines' | 'amount'>('lines');
    const [quantities, setQuantities] = useState<number[]>([]);
    const [amount, setAmount] = useState('');
    const [reason, setReason] = useState('');
    const { mutate, isPending: busy } = useDeskMutation(
        (body: Parameters<DeskDataProvider['refundPart']>[1]) => dataProvider.refundPart(order!.id, body),
        () => {
            setOpen(false);
            refresh();
        }
    );
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);
    if (!order || !isAdmin || !order.paidAt || !order.invoiceNumber || order.status === 'cancelled' || order.status === 'refunded') return null;
    const lines = order.lines ?? [];

    const start = () => {
        setQuantities(lines.map(() => 0));
        setAmount('');
        setReason('');
        setHow('lines');
        setOpen(true);
    };
    const chosen = quantities.map((quantity, i) => ({ line: i + 1, quantity })).filter(one => one.quantity > 0);
    const ready = reason.trim() !== '' && (how === 'lines' ? chosen.length > 0 : Number(amount) > 0);
    const refund = () => mutate({ reason: reason.trim(), ...(how === 'lines' ? { lines: chosen } : { amount: Number(amount) }) });

    return (
        <>
            <Button variant="outlined" size="small" color="warning" startIcon={<MoneyOffIcon />} onClick={start} sx={{ mr: 1, mb: 1 }}>
                {t('refund')}
            </Button>
            <Dialog open={open} onClose={() => !busy && setOpen(false)} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="refund-part-title">
                <DialogTitle id="refund-part-title">{t('refund_title', { id: order.id })}</DialogTitle>
                <DialogContent>
                    <Stack spacing={2} sx={{ pt: 1 }}>
                        <FormControl>
                            <FormLabel id="refund-how">{t('refund_how')}</FormLabel>
                            <RadioGroup row aria-labelledby="refund-how" value={how} onChange={event => setHow(event.target.value as 'lines' | 'amount')}>
                                <FormControlLabel value="lines" control={<Radio />} label={t('refund_lines')} />
                                <FormControlLabel value="amount" control={<Radio />} label={t('refund_amount')} />
                            </RadioGroup>
                        </FormControl>
                        {how === 'lines' ? (
                            <RefundLines lines={lines} quantities={quantities} onChange={setQuantities} />
                        ) : (
                            <TextField label={t('amount')} type="number" value={amount} onChange={event => setAmount(event.target.value)} size="small" slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }} />
                        )}
                        <TextField label={t('reason')} value={reason} onChange={event => setReason(event.target.value)} size="small" required slotProps={{ htmlInput: { maxLength: 300 } }} />
                    </Stack>
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)} disabled={busy}>
                        {t('cancel')}
                    </Button>
                    <Button variant="contained" color="warning" onClick={refund} disabled={busy || !ready}>
                        {t('refund_do')}
                    </Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
