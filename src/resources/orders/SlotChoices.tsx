import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { SlotOccurrence } from '../../dataProvider/slotMethods';

export const keyOf = (slot: Pick<SlotOccurrence, 'slotId' | 'slotDate'>) => `${slot.slotId}|${slot.slotDate}`;

/** The slots with room as a list to pick one from, with the places each has left. */
export const SlotChoices = ({ slots, value, onChange }: { slots: SlotOccurrence[]; value: string; onChange: (key: string) => void }) => {
    const translate = useTranslate();
    return (
        <RadioGroup value={value} onChange={event => onChange(event.target.value)} aria-label={translate('resources.orders.slots.title')}>
            {slots.map(slot => (
                <FormControlLabel
                    key={keyOf(slot)}
                    value={keyOf(slot)}
                    control={<Radio />}
                    label={`${slot.label} · ${translate('resources.orders.slots.places_left', { smart_count: slot.remaining })}`}
                />
            ))}
        </RadioGroup>
    );
};

