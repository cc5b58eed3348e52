// Probes of the limits through the balancer: requests spread over every instance must be held to what
// one instance allows, since the counts live in one shared store.
import { SIGN_IN_CODE, type SmtpSink } from '../smtpSink';
import { Client } from './client';

/** One client address asks for sign-in codes `tries` times at once: the answers other than 429 must not pass `limit`. */
export async function perClientLimit(origin: string, limit: number, tries: number, problems: string[]) {
    const client = new Client(origin, '10.9.9.9');
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => client.call('POST', '/api/user_login', { json: { email: `nobody${i}@cluster.test` } })));
    const allowed = answers.filter((answer) => answer && answer.status !== 429).length;
    if (allowed > limit) problems.push(`Sign-in limit: ${allowed} of ${tries} requests from one address were let through, one instance allows ${limit}`);
    return allowed;
}

/** One account asks for codes from `tries` addresses at once: no more than `cap` codes may be mailed to it. */
export async function perAccountCap(origin: string, email: string, cap: number, tries: number) {
    await Promise.all(Array.from({ length: tries }, (_, i) => new Client(origin, `10.8.0.${i + 1}`).call('POST', '/api/user_login', { json: { email } })));
    return (sink: SmtpSink, problems: string[]) => {
        // Codes only: the account's registration mailed it a welcome too.
        const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'm');
        const mailed = sink.messages.filter((message) => to.test(message) && SIGN_IN_CODE.test(message)).length;
        if (mailed > cap) problems.push(`Code mail cap: ${mailed} codes mailed to ${email}, one instance allows ${cap}`);
        return mailed;
    };
}
