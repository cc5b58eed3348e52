import { useState } from 'react';
import { HttpError } from 'react-admin';

import { errorReason } from '../common/errorReason';
import { serverMessage } from '../common/serverMessage';
import { useSignInTools } from './SignInTools';

export interface Feedback {
    severity: 'error' | 'success';
    /** An i18n key, or the server's own words. */
    message: string;
    args?: Record<string, unknown>;
}

const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : undefined);

/**
 * The two steps' state and requests: the address a code was sent to (none yet: the first step), what the last
 * request came to, and whether one is under way.
 */
export const useOtpSignIn = () => {
    const { translate, requestCode, verifyCode } = useSignInTools();
    const [email, setEmail] = useState<string>();
    const [feedback, setFeedback] = useState<Feedback>();
    const [loading, setLoading] = useState(false);

    const run = async (action: () => Promise<Feedback | undefined>) => {
        setLoading(true);
        setFeedback(undefined);
        setFeedback(await action());
        setLoading(false);
    };

    const submitEmail = (address: string) =>
        run(async () => {
            try {
                await requestCode(address);
                setEmail(address);
            } catch (error) {
                if (statusOf(error) === 400) return { severity: 'error', message: 'app.login.invalid_email' };
                return { severity: 'error', message: serverMessage(error) ?? 'ra.auth.sign_in_error' };
            }
        });

    const submitOtp = (otp: string) =>
        run(async () => {
            try {
                await verifyCode(email!, otp);
            } catch (error) {
                const status = statusOf(error);
                if (status === 400 || status === 401) return { severity: 'error', message: 'app.login.invalid_otp' };
                return { severity: 'error', message: serverMessage(error) ?? 'ra.auth.sign_in_error' };
            }
        });

    const resend = () =>
        run(async () => {
            try {
                await requestCode(email!);
                return { severity: 'success', message: 'app.login.otp_resent' };
            } catch (error) {
                // The spec's sentence, and why: a 429 says to wait, which 'try again' alone would not.
                const { key, args } = errorReason(error);
                const reason = serverMessage(error) ?? (error instanceof HttpError && error.message ? error.message : translate(key, args));
                return { severity: 'error', message: 'app.login.resend_error_reason', args: { reason } };
            }
        });

    const changeEmail = () => {
        setFeedback(undefined);
        setEmail(undefined);
    };

    return { email, feedback, loading, submitEmail, submitOtp, resend, changeEmail };
};
