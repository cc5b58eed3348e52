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

// Heard every time, acted on once: a supervisor that signals the process group reaches node both directly and
// through npm, which passes signals on, and a second signal unheard would kill the process mid-stop.
let stopping: Promise<void> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void (stopping ??= stop(signal)));

/**
 * Stops as a supervisor expects: no new connections, every request in flight answered, kept-alive connections
 * closed after their answer, background jobs finished (a mail or webhook claim under way completes or its lease
 * lapses for another instance), the database closed; one line said, and exit 0. A stop that hangs past
 * `shutdownTimeoutMs` exits 1 instead, before a supervisor's own kill would cut it anywhere.
 */
async function stop(signal: string) {
    const started = Date.now();
    const timer = setTimeout(() => {
        app.log.error({ signal, ms: Date.now() - started }, 'Stopping took too long; exiting with work unfinished');
        process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
        await app.close();
        app.log.info({ signal, ms: Date.now() - started }, 'Stopped');
        process.exit(0);
    } catch (error) {
        app.log.error({ err: error, signal }, 'Stopping failed');
        process.exit(1);
    }
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
