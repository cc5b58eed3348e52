/**
 * The one mail a registration sends, to the address given, whoever owns it: a welcome to a new account, a
 * warning to an existing one. The answer is the same either way and one mail is queued either way, so
 * neither the answer, nor its time, nor the work behind it tells whether the address has an account; only
 * the address's owner learns what happened (OWASP's authentication guidance on account enumeration).
 */
export function registrationMail(to: string, name: string, isNew: boolean, publicUrl: string): { to: string; subject: string; text: string } {
    const signInAt = `${publicUrl.replace(/\/+$/, '')}/`;
    if (isNew) {
        return {
            to,
            subject: 'Welcome: your account is ready',
            text: `Hello ${name},\n\nYour account is ready. To sign in, open ${signInAt} and enter this address: we e-mail you a one-time code.\n\nIf you did not register, ignore this mail.`,
        };
    }
    return {
        to,
        subject: 'Someone tried to register with your address',
        text: `Hello,\n\nSomeone tried to register a new account with this e-mail address, which already has an account here. Nothing was changed.\n\nIf it was you, sign in at ${signInAt} (we e-mail you a one-time code), or reset your password with "Forgot password?". If it was not you, ignore this mail.`,
    };
}
