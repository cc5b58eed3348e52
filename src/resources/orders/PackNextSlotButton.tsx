import { useState } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Button, useDataProvider, useNotify } from 'react-admin';

import type { OrderDataProvider } from '../../dataProvider/AppDataProvider';
import type { SlotMethods } from '../../dataProvider/slotMethods';
import { serverMessage } from '../../common/serverMessage';
import { downloadPdf } from './downloadPdf';

/** Packing slips are printed a hundred at a time (the server's bulk limit). */
const MAX_SLIPS = 100;

/** "Pack for next slot": one PDF of the packing slips of the orders waiting to be packed for the next slot. */
export const PackNextSlotButton = () => {
    const dataProvider = useDataProvider<OrderDataProvider & SlotMethods>();
    const notify = useNotify();
    const [busy, setBusy] = useState(false);
    const pack = async () => {
        setBusy(true);
        try {
            const { data } = await dataProvider.nextSlotToPack();
            if (!data.slot || !data.orderIds.length) {
                notify('resources.orders.slots.pack_none', { type: 'info' });
                return;
            }
            const ids = data.orderIds.slice(0, MAX_SLIPS);
            await downloadPdf(`/orderr/packing-slips?ids=${ids.join(',')}`, `packing-slips-${data.slot.slotDate}.pdf`);
            notify('resources.orders.slots.pack_done', { type: 'success', messageArgs: { smart_count: ids.length, slot: data.slot.label } });
        } catch (error) {
            notify(serverMessage(error) ?? 'resources.orders.prints.error', { type: 'error' });
        } finally {
            setBusy(false);
        }
    };
    return <Button label="resources.orders.slots.pack_next" onClick={pack} disabled={busy} startIcon={<LocalShippingIcon />} />;
};
