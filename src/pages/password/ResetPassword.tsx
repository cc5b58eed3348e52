import { useState } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Link } from '@mui/material';
import { Form, minLength, PasswordInput, required, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { postJson, refusal } from '../api';
import { OutcomeAlert, type Outcome } from '../OutcomeAlert';
import { PublicCard } from '../PublicCard';
import { sameAs } from '../rules';
import { useRedirectAfter } from '../useRedirectAfter';

export const LOGIN_AFTER_MS = 3000;

const passwordRules = [required('people.reset_password.short_password'), minLength(6, 'people.reset_password.short_password')];
const confirmRules = [required('people.reset_password.mismatch'), sameAs('password', 'people.reset_password.mismatch')];

/**
 * /ResetPassword?token=…: POST /reset-password/{token} {password}, then the sign-in page three seconds later.
 * A refused link (used, expired, unknown) shows the spec's failure line and the server's reason.
 */
export const ResetPassword = () => {
    const translate = useTranslate();
    const [query] = useSearchParams();
    const token = query.get('token') ?? '';
    const [outcome, setOutcome] = useState<Outcome>();
    const [pending, setPending] = useState(false);
    const done = outcome?.severity === 'success';
    useRedirectAfter(done, '/login', LOGIN_AFTER_MS);

    const reset = async (values: Record<string, unknown>) => {
        setPending(true);
        setOutcome(undefined);
        try {
            await postJson(`/reset-password/${encodeURIComponent(token)}`, { password: values.password });
            setOutcome({ severity: 'success', text: translate('people.reset_password.success') });
        } catch (error) {
            const reason = refusal(error);
            setOutcome({ severity: 'error', text: [translate('people.reset_password.failed'), reason].filter(Boolean).join(' ') });
        } finally {
            setPending(false);
        }
    };

    return (
        <PublicCard icon={<KeyIcon />} title="people.reset_password.title">
            {token ? (
                <Form onSubmit={reset} mode="onTouched">
                    <PasswordInput source="password" label="people.reset_password.password" validate={passwordRules} autoComplete="new-password" fullWidth />
                    <PasswordInput source="confirm" label="people.reset_password.confirm" validate={confirmRules} autoComplete="new-password" fullWidth />
                    <Button type="submit" variant="contained" fullWidth disabled={pending || done}>
                        {translate('people.reset_password.submit')}
                    </Button>
                </Form>
            ) : (
                <Alert severity="warning">{translate('people.reset_password.no_token')}</Alert>
            )}
            <OutcomeAlert outcome={outcome} />
            <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                <Link component={RouterLink} to="/login" variant="body2">
                    {translate('people.common.back_to_sign_in')}
                </Link>
                <Link component={RouterLink} to="/ForgotPassword" variant="body2">
                    {translate('people.forgot_password.link')}
                </Link>
            </Box>
        </PublicCard>
    );
};
