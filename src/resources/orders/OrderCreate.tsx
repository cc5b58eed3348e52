import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useDataProvider, useRedirect, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

import type { DeskDataProvider, OrderForCustomer } from '../../dataProvider/deskMethods';
import { useDeskMutation } from './useDeskMutation';
import { CustomerPicker, customerReady, type CustomerChoice } from './CustomerPicker';
import { DeskDelivery, NO_DELIVERY, type DeskDeliveryValue } from './DeskDelivery';
import { DeskLines, withOneMore, type DeskLine } from './DeskLines';
import { deskOrderBody } from './deskOrderBody';
import { ProductScanner } from './ProductScanner';
import { QuoteSummary } from './QuoteSummary';
import { useQuote } from './useQuote';
import { addOnFrom } from './addOnOrder';


/**
 * An order taken by staff for a customer (on the phone, on WhatsApp, at the counter): the customer found or added,
 * lines scanned or searched, the price as the server will charge it, then cash on delivery or a payment link
 * mailed to the customer. The server prices and stocks it exactly as the customer's own order.
 */
export const OrderCreate = () => {
    const translate = useTranslate();
    const redirect = useRedirect();
    const dataProvider = useDataProvider<DeskDataProvider>();
    // Items added to a paid order arrive here with its customer and address (OrderEditLines).
    const addOn = addOnFrom(useLocation().state);
    const [customer, setCustomer] = useState<CustomerChoice>(addOn ? { existing: addOn.customer } : null);
    const [lines, setLines] = useState<DeskLine[]>([]);
    const [delivery, setDelivery] = useState<DeskDeliveryValue>({ ...NO_DELIVERY, ...addOn?.delivery });
    const { mutate, isPending: busy } = useDeskMutation(
        (body: OrderForCustomer) => dataProvider.placeForCustomer(body),
        answer => redirect('show', 'orders', answer.data.id)
    );
    const { pincode, address, couponCode } = delivery;
    const change = (patch: Partial<DeskDeliveryValue>) => setDelivery(now => ({ ...now, ...patch }));
    const { quote, problem } = useQuote(lines, pincode, couponCode);
    const t = (key: string, options?: object) => translate(`app.order_desk.${key}`, options);

    const choose = (choice: CustomerChoice) => {
        setCustomer(choice);
        // The customer's own pincode and address are the usual place to deliver.
        if (choice && 'existing' in choice) {
            if (!pincode && choice.existing.pincode) change({ pincode: choice.existing.pincode });
            if (!address && choice.existing.address) change({ address: choice.existing.address });
        }
    };
    const items = lines.filter(line => line.quantity > 0).map(({ productId, quantity }) => ({ productId, quantity }));
    const ready = customerReady(customer) && items.length > 0 && /^\d{6}$/.test(pincode) && quote !== null && !quote.lines.some(line => line.short);

    const place = () => customer && mutate(deskOrderBody(customer, items, delivery));

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
                                <ProductScanner onAdd={product => setLines(now => withOneMore(now, product))} />
                                <DeskLines lines={lines} quote={quote} onChange={setLines} />
                            </Stack>
                        </Box>
                        <DeskDelivery value={delivery} onChange={change} />
                        {problem && <Alert severity="warning">{problem}</Alert>}
                        {quote && <QuoteSummary quote={quote} />}
                        {!ready && (
                            <Typography variant="body2" color="text.secondary">
                                {t('needs')}
                            </Typography>
                        )}
                        <Box>
                            <Button variant="contained" size="large" disabled={!ready || busy} onClick={place}>
                                {t('place')}
                            </Button>
                        </Box>
                    </Stack>
                </CardContent>
            </Card>
        </Box>
    );
};
