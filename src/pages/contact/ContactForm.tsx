import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Form, maxLength, regex, required, TextInput, useTranslate } from 'react-admin';

import { postJson, refusal } from '../api';
import { OutcomeAlert, type Outcome } from '../OutcomeAlert';
import { EMAIL } from '../rules';

const needed = required('people.contact_us.required');
const rules = {
    name: [needed, maxLength(120)],
    email: [needed, regex(EMAIL, 'people.contact_us.invalid_email')],
    contactNo: [needed, regex(/^\s*\d{10,15}\s*$/, 'people.contact_us.invalid_contact')],
    subject: [needed, maxLength(200)],
    message: [needed, maxLength(5000)],
};

/**
 * The contact page's message form: POST /contact {name, contactNo, email, message} as JSON, and the
 * subject too (the legacy form collected it but dropped it). Its messages are the legacy form's.
 */
export const ContactForm = () => {
    const translate = useTranslate();
    const [outcome, setOutcome] = useState<Outcome>();
    const [pending, setPending] = useState(false);
    // A new key empties the form after a message went out.
    const [round, setRound] = useState(0);

    const send = async (values: Record<string, unknown>) => {
        setPending(true);
        setOutcome(undefined);
        const text = (field: string) => String(values[field] ?? '').trim();
        try {
            await postJson('/contact', { name: text('name'), contactNo: text('contactNo'), email: text('email'), message: text('message'), subject: text('subject') });
            setOutcome({ severity: 'success', text: translate('people.contact_us.sent') });
            setRound((n) => n + 1);
        } catch (error) {
            const message = refusal(error);
            setOutcome({ severity: 'error', text: message ? translate('people.contact_us.error', { message }) : translate('people.contact_us.failed') });
        } finally {
            setPending(false);
        }
    };

    return (
        <Box>
            <Typography variant="h6" component="h2" gutterBottom>
                {translate('people.contact_us.form_title')}
            </Typography>
            <Form key={round} onSubmit={send} mode="onTouched">
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
                    <TextInput source="name" label="people.contact_us.name" validate={rules.name} autoComplete="name" />
                    <TextInput source="email" label="people.contact_us.email_field" type="email" validate={rules.email} autoComplete="email" />
                </Box>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
                    <TextInput source="contactNo" label="people.contact_us.contact_no" validate={rules.contactNo} autoComplete="tel" inputProps={{ inputMode: 'numeric', maxLength: 15 }} />
                    <TextInput source="subject" label="people.contact_us.subject" validate={rules.subject} />
                </Box>
                <TextInput source="message" label="people.contact_us.message" validate={rules.message} multiline minRows={5} fullWidth />
                <Button type="submit" variant="contained" disabled={pending}>
                    {translate('people.contact_us.submit')}
                </Button>
            </Form>
            <OutcomeAlert outcome={outcome} />
        </Box>
    );
};
