import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, fetchRelatedRecords, useDataProvider, useListContext, useNotify } from 'react-admin';

import { serverMessage } from '../../common/serverMessage';
import type { OrderToolsDataProvider } from '../../dataProvider';

/**
 * Export as react-admin's ExportButton does, through the list's `exporter`, but with every order the filters and
 * the status tab match (not only the first thousand), in the accounts' columns (GET /orderr/export).
 */
export const OrderExportButton = () => {
    const { filterValues, sort, total, exporter, isPending } = useListContext();
    const dataProvider = useDataProvider<OrderToolsDataProvider>();
    const notify = useNotify();
    const [busy, setBusy] = useState(false);
    if (!exporter) return null;
    const run = async () => {
        setBusy(true);
        try {
            const { data } = await dataProvider.exportOrders({ filter: filterValues, sort });
            await exporter(data, fetchRelatedRecords(dataProvider), dataProvider, 'orders');
        } catch (error) {
            notify(serverMessage(error) ?? 'resources.orders.tools.export_error', { type: 'error' });
        } finally {
            setBusy(false);
        }
    };
    return (
        <Button label="ra.action.export" onClick={run} disabled={busy || isPending || !total}>
            <DownloadIcon />
        </Button>
    );
};
