// A client of the shop through the balancer, as one remote address (X-Forwarded-For, believed by TRUST_PROXY):
// each actor of the workload has its own, as distinct customers on the internet would.
import { lastMessageTo, SIGN_IN_CODE, type SmtpSink } from '../smtpSink';

export interface Answer {
    status: number;
    text: string;
    json<T = Record<string, unknown>>(): T;
}

export interface CallOptions {
    token?: string;
    json?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
}

/** HAProxy's answer when it has no live server: the request reached no instance and changed nothing. */
const unserved = (answer: Answer) => answer.status === 503 && answer.text.includes('No server is available');

export class Client {
    constructor(
        readonly origin: string,
        readonly ip: string,
    ) {}

    /** The answer, or undefined when the connection was cut (an instance killed under the request). */
    async call(method: string, url: string, { token, json, form, headers = {} }: CallOptions = {}): Promise<Answer | undefined> {
        const all: Record<string, string> = { 'x-forwarded-for': this.ip, ...headers };
        if (token) all.authorization = `Bearer ${token}`;
        if (json !== undefined) all['content-type'] = 'application/json';
        const body = form ?? (json === undefined ? undefined : JSON.stringify(json));
        try {
            const res = await fetch(`${this.origin}${url}`, { method, headers: all, body });
            const text = await res.text();
            return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
        } catch {
            return undefined;
        }
    }

    /** Like `callServed`, but a cut connection, a 5xx or an unexpected status is an error. */
    async must(method: string, url: string, options: CallOptions = {}, expected = [200, 201]): Promise<Answer> {
        const answer = await this.callServed(method, url, options);
        if (!answer || !expected.includes(answer.status)) throw new Error(`${method} ${url}: ${answer ? `${answer.status} ${answer.text.slice(0, 300)}` : 'connection cut'}`);
        return answer;
    }

    /**
     * Like `call`, but the balancer's own 503 ("No server is available": it reached no instance and changed nothing)
     * is asked again a moment later, for up to 30 s, as a person would, while the killed instances come back.
     */
    async callServed(method: string, url: string, options: CallOptions = {}): Promise<Answer | undefined> {
        let answer = await this.call(method, url, options);
        for (let i = 0; i < 60 && answer && unserved(answer); i++) {
            await new Promise((resolve) => setTimeout(resolve, 500));
            answer = await this.call(method, url, options);
        }
        return answer;
    }

    /** Signs in by the one-time code the shop mails (read from the SMTP sink) and answers the token. */
    async signIn(email: string, sink: SmtpSink): Promise<string> {
        const before = sink.messages.length;
        // A request cut by the kill is asked again, as a person taps "send code" again: a 429 then says the cut
        // request's code is on its way. The newest code is used.
        const asked = await this.callServed('POST', '/api/user_login', { json: { email } });
        if (!asked) await this.must('POST', '/api/user_login', { json: { email } }, [200, 429]);
        else if (asked.status !== 200) throw new Error(`POST /api/user_login: ${asked.status} ${asked.text.slice(0, 300)}`);
        for (let i = 0; i < 300; i++) {
            // The newest code, not the newest mail: order mails queued before the code go out after it (codes first).
            const message = lastMessageTo({ ...sink, messages: sink.messages.slice(before) }, email, SIGN_IN_CODE);
            const otp = message && SIGN_IN_CODE.exec(message)?.[1];
            if (otp) return (await this.must('POST', '/api/userverify-otp', { json: { email, otp } })).json<{ token: string }>().token;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`No sign-in code reached ${email}`);
    }

}
