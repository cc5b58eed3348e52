/** The sign-in page's words (also the first words the app loads: src/i18n/signInWords.ts). */
export default {
    title: 'Sign in to Grocer Back-office',
    email_hint: 'We will e-mail you a one-time code.',
    register: 'Create an account',
    forgot_password: 'Forgot password?',
    email: 'E-mail',
    send_code: 'Send code',
    otp: 'One-time code',
    // The server answers alike for known and unknown addresses: say so, and reveal no account.
    otp_hint: 'If this address has an account, a code is on its way to %{email}. Enter it here.',
    verify: 'Verify and sign in',
    resend: 'Resend OTP',
    change_email: 'Use another e-mail',
    invalid_email: 'Invalid email',
    invalid_otp: 'Invalid OTP',
    otp_resent: 'OTP resent to your email.',
    resend_error: 'Error resending OTP. Please try again.',
    resend_error_reason: 'Error resending OTP. Please try again. (%{reason})',
};
