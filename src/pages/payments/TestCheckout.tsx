import { useEffect, useState } from 'react';
import ScienceIcon from '@mui/icons-material/Science';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';

import { formatRupees } from '../../common/MoneyField';
import { PublicCard } from '../PublicCard';
import { browser } from './leavePage';
import { RESULT_KEYS } from './openCheckout';
import { paymentApi } from './paymentApi';

type Charge = Awaited<ReturnType<typeof paymentApi.testCharge>>;

/** Only a path of this app: the checkout must not send a payment's answer to another site. */
const safeReturn = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/');

/**
 * The built-in test provider's hosted checkout (/test-checkout/{id}), open without signing in as a provider's
 * page is: the amount, and Pay or Fail. Paying returns to the screen that asked, with the signed answer.
 */
export const TestCheckout = () => {
    const translate = useTranslate();
    const { id = '' } = useParams();
    const [query] = useSearchParams();
    const [charge, setCharge] = useState<Charge | null>();
    const [busy, setBusy] = useState(false);
    const [failed, setFailed] = useState(false);
    const returnTo = safeReturn(query.get('return'));

    useEffect(() => {
        paymentApi.testCharge(id).then(setCharge, () => setCharge(null));
    }, [id]);

    const back = (params: Record<string, string>) => {
        const [path, search = ''] = returnTo.split('?');
        const merged = new URLSearchParams(search);
        for (const [key, value] of Object.entries(params)) merged.set(key, value);
        browser.go(`${path}?${merged}`);
    };

    const choose = async (outcome: 'pay' | 'fail') => {
        setBusy(true);
        try {
            const answer = await paymentApi.testOutcome(id, outcome);
            if (answer.outcome !== 'paid') {
                setFailed(true);
                if (charge?.kind === 'order') back({ payment_failed: '1' });
                return;
            }
            if (answer.redirect) return browser.go(answer.redirect);
            back(Object.fromEntries(RESULT_KEYS.map(key => [key, String(answer[key])])));
        } catch {
            setCharge(null);
        } finally {
            setBusy(false);
        }
    };

    return (
        <PublicCard icon={<ScienceIcon />} title="payments.test_checkout.title" subtitle="payments.test_checkout.subtitle">
            {/* Said first and loudest: nobody should take this page for a real payment. */}
            <Alert severity="warning" variant="filled" role="status" sx={{ mb: 2, fontWeight: 600 }}>
                {translate('payments.test_checkout.banner')}
            </Alert>
            {charge === null && <Alert severity="error">{translate('payments.test_checkout.unknown')}</Alert>}
            {failed && <Alert severity="error" sx={{ mb: 2 }}>{translate('payments.test_checkout.failed')}</Alert>}
            {charge && (
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                    {charge.description && (
                        <Typography variant="body2" color="text.secondary" textAlign="center">
                            {charge.description}
                        </Typography>
                    )}
                    <Typography variant="h4" component="p" textAlign="center">
                        {formatRupees(charge.amount / 100)}
                    </Typography>
                    {charge.status === 'paid' && <Alert severity="success">{translate('payments.test_checkout.already_paid')}</Alert>}
                    <Button variant="contained" size="large" disabled={busy} onClick={() => choose('pay')}>
                        {translate(busy ? 'payments.test_checkout.paying' : 'payments.test_checkout.pay', { amount: formatRupees(charge.amount / 100) })}
                    </Button>
                    <Button variant="outlined" color="error" disabled={busy || charge.status === 'paid'} onClick={() => choose('fail')}>
                        {translate('payments.test_checkout.fail')}
                    </Button>
                </Box>
            )}
        </PublicCard>
    );
};
