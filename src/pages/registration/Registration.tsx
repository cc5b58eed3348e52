import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Link } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { OutcomeAlert } from '../OutcomeAlert';
import { PublicCard } from '../PublicCard';
import { useRedirectAfter } from '../useRedirectAfter';
import { customerRules } from './registrationRules';
import { RegistrationFields } from './RegistrationFields';
import { useRegistration } from './useRegistration';

export const HOME_AFTER_MS = 2000;

/** /registration: a visitor registers as a customer and goes to / two seconds later. */
export const Registration = () => {
    const translate = useTranslate();
    const { register, outcome, pending, done } = useRegistration('people.registration.success');
    useRedirectAfter(done, '/', HOME_AFTER_MS);
    return (
        <PublicCard icon={<PersonAddIcon />} title="people.registration.title" subtitle="people.registration.subtitle">
            <Form onSubmit={register} mode="onTouched">
                <RegistrationFields rules={customerRules} />
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
