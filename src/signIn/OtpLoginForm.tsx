import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { email as isEmail, required } from 'react-admin';

import { LoginField } from './LoginField';
import { useOtpSignIn } from './useOtpSignIn';
import { useSignInTools } from './SignInTools';

/**
 * Two steps: the e-mail, which only asks the server to send a code, then the code, which signs in. The
 * requests, words and links come from around it (SignInTools): react-admin's inside the app, the sign-in
 * page's own before react-admin is loaded.
 */
export const OtpLoginForm = () => {
    const { translate, linkTo } = useSignInTools();
    const { email, feedback, loading, submitEmail, submitOtp, resend, changeEmail } = useOtpSignIn();

    return (
        <Box sx={{ px: 3, pb: 3 }}>
            <Typography variant="h6" component="h1" align="center">
                {translate('app.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 1 }}>
                {email ? translate('app.login.otp_hint', { email }) : translate('app.login.email_hint')}
            </Typography>
            {feedback && (
                <Alert severity={feedback.severity} sx={{ my: 1 }} role={feedback.severity === 'error' ? 'alert' : 'status'}>
                    {translate(feedback.message, { _: feedback.message, ...feedback.args })}
                </Alert>
            )}
            {email === undefined ? (
                <OneFieldForm
                    key="email"
                    name="email"
                    type="email"
                    label="app.login.email"
                    autoComplete="email"
                    validate={validateEmail}
                    onSubmit={submitEmail}
                    submitLabel="app.login.send_code"
                    loading={loading}
                >
                    <Button size="small" {...linkTo('/registration')}>
                        {translate('app.login.register')}
                    </Button>
                    <Button size="small" {...linkTo('/ForgotPassword')}>
                        {translate('app.login.forgot_password')}
                    </Button>
                </OneFieldForm>
            ) : (
                <OneFieldForm
                    key="otp"
                    name="otp"
                    label="app.login.otp"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    validate={validateOtp}
                    onSubmit={submitOtp}
                    submitLabel="app.login.verify"
                    loading={loading}
                >
                    <Button size="small" onClick={changeEmail} disabled={loading}>
                        {translate('app.login.change_email')}
                    </Button>
                    <Button size="small" onClick={resend} disabled={loading}>
                        {translate('app.login.resend')}
                    </Button>
                </OneFieldForm>
            )}
        </Box>
    );
};

/** react-admin's own checks and messages, without its form library. */
type Validator = (value: string) => string | { message: string; args?: Record<string, unknown> } | undefined;
const validateEmail: Validator = value => required()(value, {}) ?? isEmail('app.login.invalid_email')(value, {});
const validateOtp: Validator = value => required()(value, {});

interface OneFieldFormProps {
    name: string;
    label: string;
    validate: Validator;
    onSubmit: (value: string) => void;
    loading: boolean;
    submitLabel: string;
    type?: string;
    autoComplete: string;
    inputMode?: 'numeric';
    /** The two small buttons under the submit button. */
    children: ReactNode;
}

/**
 * A step of the sign-in: one field, checked as react-admin's forms check (once submitted, again at every
 * change), the first refusal focusing the field, and its submit button.
 */
const OneFieldForm = ({ name, label, validate, onSubmit, loading, submitLabel, type, autoComplete, inputMode, children }: OneFieldFormProps) => {
    const { translate } = useSignInTools();
    const [value, setValue] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const input = useRef<HTMLInputElement>(null);
    const error = submitted ? validate(value) : undefined;

    const submit = (event: FormEvent) => {
        event.preventDefault();
        setSubmitted(true);
        if (validate(value)) input.current?.focus();
        else onSubmit(value);
    };

    return (
        <form onSubmit={submit} noValidate>
            <LoginField
                name={name}
                label={label}
                value={value}
                onChange={setValue}
                error={error}
                inputRef={input}
                disabled={loading}
                type={type}
                autoComplete={autoComplete}
                inputMode={inputMode}
            />
            <SubmitButton label={translate(submitLabel)} loading={loading} />
            <Stack direction="row" justifyContent="space-between" sx={{ mt: 1 }}>
                {children}
            </Stack>
        </form>
    );
};

const SubmitButton = ({ label, loading }: { label: string; loading: boolean }) => (
    <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={loading}
        // The spinner is decoration: the disabled button says the form is busy (and a nameless progress bar is an axe finding).
        startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        sx={{ mt: 1 }}
    >
        {label}
    </Button>
);
