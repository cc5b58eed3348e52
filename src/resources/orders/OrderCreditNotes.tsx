import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';

import { downloadPdf } from './downloadPdf';
import { indianDate, type Order } from './orderStatuses';

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The credit notes that reverse the order's invoice (a cancellation, refunds in whole or in part), each to download. */
export const OrderCreditNotes = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const notify = useNotify();
    const [busy, setBusy] = useState<number | null>(null);
    if (!order?.creditNotes?.length) return null;
    const get = async (note: { id: number; number: string }) => {
        setBusy(note.id);
        try {
            await downloadPdf(`/orderr/${order.id}/credit-notes/${note.id}`, `${note.number.replace(/\//g, '-')}.pdf`);
        } catch (error) {
            notify((error as Error).message || translate('app.credit_notes.error'), { type: 'error' });
        } finally {
            setBusy(null);
        }
    };
    return (
        <Stack spacing={0.5} sx={{ mt: 1.5 }} aria-label={translate('app.credit_notes.title')} role="list">
            <Typography variant="subtitle2">{translate('app.credit_notes.title')}</Typography>
            {order.creditNotes.map(note => (
                <Stack key={note.id} direction="row" spacing={1} useFlexGap role="listitem" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Button variant="outlined" size="small" startIcon={<ReceiptIcon />} disabled={busy !== null} onClick={() => get(note)}>
                        {note.number}
                    </Button>
                    <Typography variant="body2" color="text.secondary">
                        {translate(`app.credit_notes.kinds.${note.kind}`)} · {indianDate(note.issuedAt)} · {rupees(note.total)} · {note.reason}
                    </Typography>
                </Stack>
            ))}
        </Stack>
    );
};
