import fs from 'node:fs';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { paymentMode, paymentModeNotice } from './features/payments/providerFor';
import { seedAtStart } from './seed/startup';

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
