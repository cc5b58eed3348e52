import { HttpError } from './errors';

/**
 * A request that failed because something the server depends on is out of service — the database, Redis, the
 * bucket — or because the disk is full. Neither is the client's fault nor a bug: the client is told so plainly,
 * with when to try again, and the server serves again by itself once the dependency is back.
 */
export class OutOfService extends HttpError {
    constructor(
        statusCode: 503 | 507,
        message: string,
        /** What is out of service, for the log. */
        readonly dependency: 'database' | 'redis' | 'bucket' | 'disk',
        /** Seconds the client should wait before trying again (Retry-After). */
        readonly retryAfter = 5,
    ) {
        super(statusCode, message);
    }
}

export const DATABASE_DOWN = "The shop's database cannot be reached at the moment. Please try again in a few seconds.";
export const REDIS_DOWN = 'The service that counts requests cannot be reached at the moment. Please try again in a few seconds.';
export const BUCKET_DOWN = 'The picture and video storage cannot be reached at the moment. Please try again in a few seconds.';
export const DISK_FULL = "The server's disk is full; nothing was saved. Please tell the shop's administrator.";

/** Socket errors: the peer is down, restarting, or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL's SQLSTATEs for a server going away or not taking connections: class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator, crash, cannot connect now) and 53300 (too many connections).
 */
const PG_DOWN = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres says these in words, without a code. */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|is not queryable|Client has encountered a connection error/;
/** ioredis: a command refused while it has no connection, or given up on after its retries. */
const REDIS_MESSAGES = /enableOfflineQueue|Connection is closed|MaxRetriesPerRequest|Reached the max retries per request|Command timed out/;

type Coded = { code?: unknown; errno?: unknown; name?: unknown; message?: unknown; $metadata?: unknown; cause?: unknown; syscall?: unknown };

const codeOf = (error: Coded) => String(error.code ?? '');

/** A full disk: the file system's ENOSPC (or a quota), SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). */
function diskFull(error: Coded): boolean {
    const code = codeOf(error);
    return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100';
}

/** An error from the AWS SDK (the bucket): it carries `$metadata`; a 5xx or no answer at all means the bucket is out. */
function bucketDown(error: Coded): boolean {
    if (!error.$metadata) return false;
    const status = (error.$metadata as { httpStatusCode?: number }).httpStatusCode;
    return status === undefined || status >= 500 || SOCKET_CODES.has(codeOf(error)) || error.name === 'TimeoutError';
}

/** What is out of service, judged from the error and those it wraps; undefined when the error is of another kind. */
export function outOfService(error: unknown, depth = 0): OutOfService | undefined {
    if (!error || typeof error !== 'object' || depth > 3) return undefined;
    if (error instanceof OutOfService) return error;
    const coded = error as Coded;
    const message = String(coded.message ?? '');
    if (diskFull(coded)) return new OutOfService(507, DISK_FULL, 'disk', 60);
    if (bucketDown(coded)) return new OutOfService(503, BUCKET_DOWN, 'bucket');
    if (REDIS_MESSAGES.test(message)) return new OutOfService(503, REDIS_DOWN, 'redis');
    if (PG_DOWN.test(codeOf(coded)) || PG_MESSAGES.test(message)) return new OutOfService(503, DATABASE_DOWN, 'database');
    if (codeOf(coded) === 'SQLITE_BUSY' || codeOf(coded).startsWith('SQLITE_IOERR')) return new OutOfService(503, DATABASE_DOWN, 'database', 1);
    // A bare socket error is node-postgres's: Redis's and the bucket's clients wrap theirs (above), and fetch's
    // (a payment provider's) comes as the cause of a TypeError, which is not looked into for this.
    if (depth === 0 && SOCKET_CODES.has(codeOf(coded))) return new OutOfService(503, DATABASE_DOWN, 'database');
    return outOfService(coded.cause, depth + 1);
}
