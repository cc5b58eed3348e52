import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import type { Outcome } from '../OutcomeAlert';

/**
 * When a provider's page sends the customer back here with its answer in the address, checks it once with
 * `check` and says the result; the answer is then taken out of the address so a reload does not repeat it.
 */
export const usePaymentReturn = (read: (query: URLSearchParams) => (() => Promise<unknown>) | undefined) => {
    const translate = useTranslate();
    const [query] = useSearchParams();
    const navigate = useNavigate();
    const { pathname } = useLocation();
    const [outcome, setOutcome] = useState<Outcome>();
    const [checking, setChecking] = useState(false);
    const done = useRef(false);

    useEffect(() => {
        if (done.current) return;
        const failed = query.get('payment_failed');
        const check = read(query);
        if (!failed && !check) return;
        done.current = true;
        const keep = new URLSearchParams([...query].filter(([key]) => key === 'orderId'));
        navigate({ pathname, search: keep.size ? `?${keep}` : '' }, { replace: true });
        if (failed) {
            setOutcome({ severity: 'error', text: translate('payments.cancelled') });
            return;
        }
        setChecking(true);
        check!()
            .then(() => setOutcome({ severity: 'success', text: translate('payments.success') }))
            .catch(() => setOutcome({ severity: 'error', text: translate('payments.verification_failed') }))
            .finally(() => setChecking(false));
    }, [navigate, pathname, query, read, translate]);

    return { outcome, setOutcome, checking };
};
