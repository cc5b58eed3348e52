import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';

import type { DeskDataProvider } from '../../dataProvider/deskMethods';
import type { SlotOccurrence } from '../../dataProvider/slotMethods';
import { serverMessage } from '../../common/serverMessage';
import { CustomerPicker, type CustomerChoice } from './CustomerPicker';
import { DeskLines, type DeskLine } from './DeskLines';
import { DeskSlot } from './DeskSlot';
import { ProductScanner } from './ProductScanner';
import { QuoteSummary } from './QuoteSummary';
import { useQuote } from './useQuote';

/**
 * An order taken by staff for a customer (on the phone, on WhatsApp, at the counter): the customer found or added,
 * lines scanned or searched, the price as the server will charge it, then cash on delivery or a payment link
 * mailed to the customer. The server prices and stocks it exactly as the customer's own order.
 */
export const OrderCreate = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const redirect = useRedirect();
    const dataProvider = useDataProvider<DeskDataProvider>();
    const [customer, setCustomer] = useState<CustomerChoice>(null);
    const [lines, setLines] = useState<DeskLine[]>([]);
    const [pincode, setPincode] = useState('');
    const [address, setAddress] = useState('');
    const [couponCode, setCouponCode] = useState('');
    const [paymentMethod, setPaymentMethod] = useState<'cod' | 'online'>('cod');
    const [note, setNote] = useState('');
    const [slot, setSlot] = useState<SlotOccurrence | null>(null);
    const [busy, setBusy] = useState(false);
    const { quote, problem } = useQuote(lines, pincode, couponCode);
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);

    const choose = (choice: CustomerChoice) => {
        setCustomer(choice);
        // The customer's own pincode and address are the usual place to deliver.
        if (choice && 'existing' in choice) {
            if (!pincode && choice.existing.pincode) setPincode(choice.existing.pincode);
            if (!address && choice.existing.address) setAddress(choice.existing.address);
        }
    };
    const items = lines.filter(line => line.quantity > 0).map(({ productId, quantity }) => ({ productId, quantity }));
    const ready = customer !== null && items.length > 0 && /^\d{6}$/.test(pincode) && quote !== null && !quote.lines.some(line => line.short);

    const place = async () => {
        if (!customer) return;
        setBusy(true);
        try {
            const who = 'existing' in customer ? { customerId: customer.existing.id } : { customer: { ...customer.added, phone: customer.added.phone || undefined, address: address || customer.added.address || undefined, pincode } };
            const answer = await dataProvider.placeForCustomer({
                ...who,
                items,
                pincode,
                paymentMethod,
                ...(address.trim() ? { address: address.trim() } : {}),
                ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
                ...(note.trim() ? { note: note.trim() } : {}),
                ...(slot ? { slotId: slot.slotId, slotDate: slot.slotDate } : {}),
            });
            notify(answer.message, { type: 'success' });
            redirect('show', 'orders', answer.data.id);
        } catch (error) {
            notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' });
        } finally {
            setBusy(false);
        }
    };

    return (
        <Box sx={{ mt: 2, mb: 4 }}>
            <Title title={t('title')} />
            <Card>
                <CardContent>
                    <Stack spacing={3}>
                        <Typography variant="h5" component="h1">
                            {t('title')}
                        </Typography>
                        <Box component="section" aria-labelledby="desk-customer">
                            <Typography id="desk-customer" variant="h6" component="h2" gutterBottom>
                                {t('customer')}
                            </Typography>
                            <CustomerPicker value={customer} onChange={choose} />
                        </Box>
                        <Box component="section" aria-labelledby="desk-items">
                            <Typography id="desk-items" variant="h6" component="h2" gutterBottom>
                                {t('items')}
                            </Typography>
                            <Stack spacing={2}>
                                <ProductScanner
                                    onAdd={product =>
                                        setLines(now =>
                                            now.some(line => line.productId === product.id)
                                                ? now.map(line => (line.productId === product.id ? { ...line, quantity: Math.min(100, line.quantity + 1) } : line))
                                                : [...now, { productId: product.id, name: product.name, quantity: 1, stock: product.stock }],
                                        )
                                    }
                                />
                                <DeskLines lines={lines} quote={quote} onChange={setLines} />
                            </Stack>
                        </Box>
                        <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
                            <TextField label={t('pincode')} value={pincode} onChange={event => setPincode(event.target.value.replace(/\D/g, '').slice(0, 6))} size="small" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
                            <TextField label={t('delivery_address')} value={address} onChange={event => setAddress(event.target.value)} size="small" multiline sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
                            <TextField label={t('coupon')} value={couponCode} onChange={event => setCouponCode(event.target.value)} size="small" slotProps={{ htmlInput: { maxLength: 40 } }} />
                        </Stack>
                        <DeskSlot value={slot} onChange={setSlot} />
                        <FormControl>
                            <FormLabel id="desk-payment">{t('payment')}</FormLabel>
                            <RadioGroup aria-labelledby="desk-payment" value={paymentMethod} onChange={event => setPaymentMethod(event.target.value as 'cod' | 'online')}>
                                <FormControlLabel value="cod" control={<Radio />} label={t('cod')} />
                                <FormControlLabel value="online" control={<Radio />} label={t('online')} />
                            </RadioGroup>
                        </FormControl>
                        <TextField label={t('note')} value={note} onChange={event => setNote(event.target.value)} size="small" slotProps={{ htmlInput: { maxLength: 500 } }} />
                        {problem && <Alert severity="warning">{problem}</Alert>}
                        {quote && <QuoteSummary quote={quote} />}
                        {!ready && (
                            <Typography variant="body2" color="text.secondary">
                                {t('needs')}
                            </Typography>
                        )}
                        <Box>
                            <Button variant="contained" size="large" disabled={!ready || busy} onClick={() => void place()}>
                                {t('place')}
                            </Button>
                        </Box>
                    </Stack>
                </CardContent>
            </Card>
        </Box>
    );
};
