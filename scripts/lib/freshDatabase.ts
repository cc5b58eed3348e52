// A PostgreSQL database of its own beside the one named, for a script or test that runs servers on their real
// configuration (DATABASE_URL) without touching anything else; dropped (connections and all) when done.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
    url: string;
    drop(): Promise<void>;
}

/** Runs one statement on `url` over a connection of its own. */
async function run(url: string, statement: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
        await client.query(statement);
    } finally {
        await client.end();
    }
}

/** Creates `<prefix>_<random>` on the server of `baseUrl` and answers its URL. */
export async function freshDatabase(baseUrl: string, prefix: string): Promise<FreshDatabase> {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    await run(baseUrl, `create database ${name}`);
    return {
        url: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString(),
        drop: () => run(baseUrl, `drop database if exists ${name} with (force)`),
    };
}
