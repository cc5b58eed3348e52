import { useState } from 'react';
import { Button, Stack, Tooltip } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LabelIcon from '@mui/icons-material/Label';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';

import { downloadPdf } from './downloadPdf';
import type { Order } from './orderStatuses';

/** The order's papers: its tax invoice once it has one, the packers' slip on A4, and the same as an A6 label for the bag. */
export const OrderPrints = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const notify = useNotify();
    const [busy, setBusy] = useState<'invoice' | 'slip' | 'label' | null>(null);
    if (!order) return null;
    const t = (key: string) => translate(`resources.orders.prints.${key}`);
    const get = async (kind: 'invoice' | 'slip' | 'label') => {
        setBusy(kind);
        try {
            if (kind === 'invoice') await downloadPdf(`/orderr/${order.id}/invoice`, `invoice-${order.id}.pdf`);
            else if (kind === 'label') await downloadPdf(`/orderr/${order.id}/packing-slip?size=a6`, `packing-slip-${order.id}.pdf`);
            else await downloadPdf(`/orderr/${order.id}/packing-slip`, `packing-slip-${order.id}.pdf`);
        } catch (error) {
            notify((error as Error).message || t('error'), { type: 'error' });
        } finally {
            setBusy(null);
        }
    };
    const invoice = (
        <span>
            <Button variant="outlined" size="small" startIcon={<ReceiptLongIcon />} disabled={!order.invoiceNumber || busy !== null} onClick={() => get('invoice')}>
                {order.invoiceNumber ? `${t('invoice')} ${order.invoiceNumber}` : t('invoice')}
            </Button>
        </span>
    );
    return (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {order.invoiceNumber ? invoice : <Tooltip title={t('no_invoice_yet')}>{invoice}</Tooltip>}
            <Button variant="outlined" size="small" startIcon={<Inventory2Icon />} disabled={busy !== null} onClick={() => get('slip')}>
                {t('packing_slip')}
            </Button>
            <Button variant="outlined" size="small" startIcon={<LabelIcon />} disabled={busy !== null} onClick={() => get('label')}>
                {translate('resources.orders.rider.label_slip')}
            </Button>
        </Stack>
    );
};
