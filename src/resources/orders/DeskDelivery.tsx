import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { SlotOccurrence } from '../../dataProvider/slotMethods';
import { DeskSlot } from './DeskSlot';

/** Where, when and how an order taken at the desk is delivered and paid. */
export interface DeskDeliveryValue {
    pincode: string;
    address: string;
    couponCode: string;
    paymentMethod: 'cod' | 'online';
    note: string;
    slot: SlotOccurrence | null;
}

export const NO_DELIVERY: DeskDeliveryValue = { pincode: '', address: '', couponCode: '', paymentMethod: 'cod', note: '', slot: null };

/** The desk's delivery fields: pincode, address, coupon, slot, payment and a note for the order's history. */
export const DeskDelivery = ({ value, onChange }: { value: DeskDeliveryValue; onChange: (change: Partial<DeskDeliveryValue>) => void }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`app.order_desk.${key}`);
    return (
        <>
            <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
                <TextField label={t('pincode')} value={value.pincode} onChange={event => onChange({ pincode: event.target.value.replace(/\D/g, '').slice(0, 6) })} size="small" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
                <TextField label={t('delivery_address')} value={value.address} onChange={event => onChange({ address: event.target.value })} size="small" multiline sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
                <TextField label={t('coupon')} value={value.couponCode} onChange={event => onChange({ couponCode: event.target.value })} size="small" slotProps={{ htmlInput: { maxLength: 40 } }} />
            </Stack>
            <DeskSlot value={value.slot} onChange={slot => onChange({ slot })} />
            <FormControl>
                <FormLabel id="desk-payment">{t('payment')}</FormLabel>
                <RadioGroup aria-labelledby="desk-payment" value={value.paymentMethod} onChange={event => onChange({ paymentMethod: event.target.value as 'cod' | 'online' })}>
                    <FormControlLabel value="cod" control={<Radio />} label={t('cod')} />
                    <FormControlLabel value="online" control={<Radio />} label={t('online')} />
                </RadioGroup>
            </FormControl>
            <TextField label={t('note')} value={value.note} onChange={event => onChange({ note: event.target.value })} size="small" slotProps={{ htmlInput: { maxLength: 500 } }} />
        </>
    );
};
