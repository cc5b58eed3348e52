import { useState } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';

import { downloadPdf } from './downloadPdf';

/** One PDF of the selected orders' packing slips, a page each, for the packing table. */
export const BulkPackingSlipsButton = () => {
    const { selectedIds } = useListContext();
    const translate = useTranslate();
    const notify = useNotify();
    const [busy, setBusy] = useState(false);
    const print = async () => {
        setBusy(true);
        try {
            await downloadPdf(`/orderr/packing-slips?ids=${selectedIds.join(',')}`, 'packing-slips.pdf');
        } catch (error) {
            notify((error as Error).message || translate('resources.orders.prints.error'), { type: 'error' });
        } finally {
            setBusy(false);
        }
    };
    return <Button label="resources.orders.prints.packing_slips" onClick={print} disabled={busy || !selectedIds.length} startIcon={<Inventory2Icon />} />;
};
