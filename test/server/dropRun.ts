import { dropRunDatabases } from './templateDatabase';

// `tsx test/server/dropRun.ts URL RUN`: drops one run's test databases, started detached by the suite's end.
const [url, run] = process.argv.slice(2);
await dropRunDatabases(url, run);
