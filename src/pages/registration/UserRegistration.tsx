import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Box, Button, Link } from '@mui/material';
import { Form, PasswordInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { OutcomeAlert } from '../OutcomeAlert';
import { PublicCard } from '../PublicCard';
import { adminRules } from './registrationRules';
import { RegistrationFields } from './RegistrationFields';
import { useRegistration } from './useRegistration';

/** /userreg: the admin-style registration form, with a confirmation field and a 'Please enter…' message per field. */
export const UserRegistration = () => {
    const translate = useTranslate();
    const { register, outcome, pending, done } = useRegistration('people.user_registration.success');
    return (
        <PublicCard icon={<HowToRegIcon />} title="people.user_registration.title" subtitle="people.user_registration.subtitle">
            <Form onSubmit={register} mode="onTouched">
                <RegistrationFields rules={adminRules} />
                <PasswordInput
                    source="confirm"
                    label="people.user_registration.confirm_password"
                    validate={adminRules.confirm}
                    autoComplete="new-password"
                    fullWidth
                />
                <Button type="submit" variant="contained" fullWidth disabled={pending || done} sx={{ mt: 1 }}>
                    {translate('people.registration.submit')}
                </Button>
            </Form>
            <OutcomeAlert outcome={outcome} />
            <Box sx={{ mt: 2, textAlign: 'center' }}>
                <Link component={RouterLink} to="/login" variant="body2">
                    {translate('people.common.sign_in')}
                </Link>
            </Box>
        </PublicCard>
    );
};
