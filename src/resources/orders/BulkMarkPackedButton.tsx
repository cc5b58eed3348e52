import Inventory2Icon from '@mui/icons-material/Inventory2';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useListContext, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';

import { serverMessage } from '../../common/serverMessage';
import type { OrderDataProvider } from '../../dataProvider';

interface Outcome {
    moved: number;
    refused: { id: Identifier; reason: string }[];
}

/**
 * Marks the selected orders packed, each through the order's own move (POST /orderr/{id}/status), so the
 * workflow's rules and the history apply to every one; then says how many moved, and which could not and why
 * (an online order not yet paid, one already on its way…), and leaves those selected.
 */
export const BulkMarkPackedButton = () => {
    const { selectedIds, onSelect, onUnselectItems } = useListContext();
    const dataProvider = useDataProvider<OrderDataProvider>();
    const notify = useNotify();
    const refresh = useRefresh();
    const translate = useTranslate();
    const { mutate, isPending } = useMutation({
        mutationFn: async (ids: Identifier[]): Promise<Outcome> => {
            const refused: Outcome['refused'] = [];
            for (const id of ids) {
                try {
                    await dataProvider.moveOrder(id, 'packed');
                } catch (error) {
                    refused.push({ id, reason: serverMessage(error) ?? translate('resources.orders.tools.failed') });
                }
            }
            return { moved: ids.length - refused.length, refused };
        },
        onSuccess: ({ moved, refused }) => {
            refresh();
            if (!refused.length) {
                notify('resources.orders.tools.packed', { type: 'success', messageArgs: { smart_count: moved } });
                onUnselectItems();
                return;
            }
            const lines = [
                translate('resources.orders.tools.packed', { smart_count: moved }),
                translate('resources.orders.tools.not_packed', { smart_count: refused.length }),
                ...refused.map(({ id, reason }) => translate('resources.orders.tools.reason', { id, reason })),
            ];
            notify(lines.join('\n'), { type: moved ? 'warning' : 'error', multiLine: true, autoHideDuration: 10_000 });
            onSelect(refused.map(({ id }) => id));
        },
    });
    return (
        <Button label="resources.orders.tools.mark_packed" onClick={() => mutate(selectedIds)} disabled={isPending || selectedIds.length === 0}>
            <Inventory2Icon />
        </Button>
    );
};
