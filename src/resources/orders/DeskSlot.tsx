import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';

import type { SlotMethods, SlotOccurrence } from '../../dataProvider/slotMethods';
import { keyOf, SlotChoices } from './SlotChoices';

/**
 * The delivery slot of an order taken at the desk: the slots with room, as the customer's own checkout offers them.
 * A shop without slots shows nothing; choosing none leaves the order without a slot, as before slots existed.
 */
export const DeskSlot = ({ value, onChange }: { value: SlotOccurrence | null; onChange: (slot: SlotOccurrence | null) => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<DataProvider & SlotMethods>();
    const slots = useQuery({ queryKey: ['deliverySlots', 'available'], queryFn: () => dataProvider.availableSlots().then(({ data }) => data) });
    if (!slots.data?.length) return null;
    return (
        <Box component="section" aria-labelledby="desk-slot">
            <Typography id="desk-slot" variant="h6" component="h2" gutterBottom>
                {translate('resources.orders.slots.title')}
            </Typography>
            <SlotChoices slots={slots.data} value={value ? keyOf(value) : ''} onChange={key => onChange(slots.data.find(slot => keyOf(slot) === key) ?? null)} />
        </Box>
    );
};
