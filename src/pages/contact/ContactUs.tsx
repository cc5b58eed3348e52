import { Box, Button, Card, CardContent } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { PageHeading } from '../../common/PageHeading';
import { ContactForm } from './ContactForm';
import { ContactInfoBoxes } from './ContactInfoBoxes';

/** /ContactUs: the shop's details and the message form; staff also get the way to the inbox. */
export const ContactUs = () => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    const staff = identity?.roleId === 1 || identity?.roleId === 2;
    return (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, mt: 2, alignItems: 'start' }}>
            <Title title="people.contact_us.title" />
            <PageHeading title="people.contact_us.title" sx={{ gridColumn: '1 / -1' }} />
            <Box>
                <ContactInfoBoxes />
                {staff && (
                    <Button component={Link} to="/contacts" sx={{ mt: 2 }}>
                        {translate('people.contact_us.inbox')}
                    </Button>
                )}
            </Box>
            <Card>
                <CardContent>
                    <ContactForm />
                </CardContent>
            </Card>
        </Box>
    );
};
