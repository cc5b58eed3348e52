import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { paymentMode, paymentModeNotice } from './features/payments/providerFor';
import { seedAtStart } from './seed/startup';

// Crashes, one JSON line each in the server's log format (pino's; level 60 is fatal), then exit 1: a process in
// an unknown state must not go on serving, and its supervisor (systemd, Docker, Kubernetes) starts a fresh one.
let running: FastifyInstance | undefined = undefined;
function crashed(msg: string, error: unknown): never {
    if (running) running.log.fatal({ err: error }, msg);
    else {
        const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { message: String(error) };
        process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg, err })}\n`);
    }
    process.exit(1);
}
process.on('uncaughtException', (error) => crashed('Uncaught exception; the process stops', error));
process.on('unhandledRejection', (reason) => crashed('Unhandled promise rejection; the process stops', reason));
// Which signal stopped the server, for the one line its close logs (server/plugins/shutdownFlag.ts). Until the
// server's own handler is installed (during start), a signal stops the process as it would with no listener.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.prependListener(signal, function recordSignal() {
        if (running) running.shutdownSignal ??= signal;
        if (process.listenerCount(signal) > 1) return;
        process.removeListener(signal, recordSignal);
        process.kill(process.pid, signal);
    });
}

// A .env beside the package is optional; the environment itself always wins.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
let config: Config;
try {
    config = loadConfig();
} catch (error) {
    // A setting the server refuses: the message says what to write instead; a stack trace would bury it.
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
}
const app = await buildApp(config);
running = app;

const admin = await seedAtStart(app);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
}

await app.listen({ port: config.port, host: config.host });
// Payments first and on their own line: a shop must never take the test provider for a real one.
const payments = paymentMode(config);
if (payments === 'razorpay') console.log(`Payments: ${paymentModeNotice.razorpay}`);
else console.warn(`\n*** PAYMENTS: ${paymentModeNotice[payments]} ***`);
// Plain text, not a log record: this is what a newcomer reads first.
console.log(
    [
        '',
        `Back-office ready at ${config.publicUrl} (database: ${app.dbKind}, API docs: ${config.publicUrl}/api/docs)`,
        `Sign in with ${admin.email}: a one-time code is mailed to it.`,
        config.smtpUrl ? '' : `No SMTP_URL is set, so mail is not sent: the code is printed in this log and saved under ${config.dataDir}/outbox/.`,
        '',
    ].join('\n'),
);
