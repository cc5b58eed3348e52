import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Button, Link, Typography } from '@mui/material';
import { Form, regex, required, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { postJson } from '../api';
import { OutcomeAlert, type Outcome } from '../OutcomeAlert';
import { PublicCard } from '../PublicCard';
import { EMAIL } from '../rules';

const emailRules = [required('people.forgot_password.invalid_email'), regex(EMAIL, 'people.forgot_password.invalid_email')];

/** /ForgotPassword: POST /forgot-password {email}; the answer is the same whether or not the address is registered. */
export const ForgotPassword = () => {
    const translate = useTranslate();
    const [outcome, setOutcome] = useState<Outcome>();
    const [pending, setPending] = useState(false);

    const send = async (values: Record<string, unknown>) => {
        setPending(true);
        setOutcome(undefined);
        try {
            await postJson('/forgot-password', { email: String(values.email ?? '').trim() });
            setOutcome({ severity: 'success', text: translate('people.forgot_password.sent') });
        } catch {
            setOutcome({ severity: 'error', text: translate('people.forgot_password.failed') });
        } finally {
            setPending(false);
        }
    };

    return (
        <PublicCard icon={<LockResetIcon />} title="people.forgot_password.title">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('people.forgot_password.hint')}
            </Typography>
            <Form onSubmit={send} mode="onTouched">
                <TextInput source="email" label="people.forgot_password.email" type="email" validate={emailRules} autoComplete="email" fullWidth />
                <Button type="submit" variant="contained" fullWidth disabled={pending}>
                    {translate('people.forgot_password.submit')}
                </Button>
            </Form>
            <OutcomeAlert outcome={outcome} />
            <Box sx={{ mt: 2, textAlign: 'center' }}>
                <Link component={RouterLink} to="/login" variant="body2">
                    {translate('people.common.back_to_sign_in')}
                </Link>
            </Box>
        </PublicCard>
    );
};
