// A local SMTP server for tests and scripts: it accepts every message and keeps it, so a test can read
// sign-in codes and count what was sent.
import net from 'node:net';

/** What a local SMTP sink keeps: each message as sent (headers and body) and its Subject line. */
export interface SmtpSink {
    messages: string[];
    subjects: string[];
    url: string;
    close(): Promise<void>;
}

/** The sinks running, by URL: a test app configured with one reads its sign-in codes from it (helpers.lastCode). */
export const sinksByUrl = new Map<string, SmtpSink>();

/** How the sign-in mail gives its code (server/features/signIn/signInRoutes.ts). */
export const SIGN_IN_CODE = /code is (\d{6})/;

/** The newest message the sink took for `to`, of those `containing` matches when given. */
export const lastMessageTo = (sink: SmtpSink, to: string, containing?: RegExp) =>
    sink.messages.findLast((message) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'm').test(message) && (!containing || containing.test(message)));

/** A local SMTP server (the happy path of RFC 5321) that keeps every message it accepts; on `port`, or one free. */
export async function smtpSink(port = 0): Promise<SmtpSink> {
    const messages: string[] = [];
    const subjects: string[] = [];
    const server = net.createServer((socket) => {
        let buffer = '';
        let inData = false;
        socket.write('220 sink ESMTP\r\n');
        socket.on('data', (chunk) => {
            buffer += chunk.toString('latin1');
            for (;;) {
                if (inData) {
                    const end = buffer.indexOf('\r\n.\r\n');
                    if (end < 0) return;
                    messages.push(buffer.slice(0, end));
                    subjects.push(/^Subject: (.*)$/m.exec(buffer.slice(0, end))?.[1] ?? '');
                    buffer = buffer.slice(end + 5);
                    inData = false;
                    socket.write('250 OK queued\r\n');
                    continue;
                }
                const eol = buffer.indexOf('\r\n');
                if (eol < 0) return;
                const verb = buffer.slice(0, 4).toUpperCase();
                buffer = buffer.slice(eol + 2);
                if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
                else if (verb === 'DATA') {
                    inData = true;
                    socket.write('354 go ahead\r\n');
                } else if (verb === 'QUIT') socket.end('221 bye\r\n');
                else socket.write('250 OK\r\n');
            }
        });
        socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    const sink = {
        messages,
        subjects,
        url,
        close: () => {
            sinksByUrl.delete(url);
            return new Promise<void>((resolve) => server.close(() => resolve()));
        },
    };
    sinksByUrl.set(url, sink);
    return sink;
}
