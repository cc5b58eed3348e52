import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
    port: number;
    host: string;
    dataDir: string;
    /** A postgres:// URL switches the database to PostgreSQL; otherwise SQLite in dataDir. */
    databaseUrl?: string;
    /** Only for tests: the PostgreSQL schema to work in, created when missing. */
    databaseSchema?: string;
    /** PostgreSQL connections at most (DB_POOL_MAX); about two per core by default. */
    dbPoolMax?: number;
    /** A PostgreSQL statement running longer is cancelled (DB_STATEMENT_TIMEOUT_MS). */
    dbStatementTimeoutMs: number;
    smtpUrl?: string;
    mailFrom: string;
    adminEmail: string;
    seedDemo: boolean;
    publicUrl: string;
    /** Where the built admin app lives; served when present. */
    appDir: string;
    logLevel: string;
    /** Requests a client may make to the sign-in routes per minute. */
    authRateLimit: number;
    /**
     * The first wait once an account's sign-in budget is spent (AUTH_LOCKOUT_MS), doubling with each further
     * spent code: unknown devices get no new code for the account, a device token counts as unknown.
     */
    authLockoutMs: number;
    /** Orders a client may place per minute (ORDER_RATE_LIMIT). */
    orderRateLimit: number;
    /** Profile pictures a user may upload per minute (PICTURE_RATE_LIMIT). */
    pictureRateLimit: number;
    /** Pictures decoded at once in this process (IMAGE_DECODE_CONCURRENCY); the others wait their turn. */
    imageDecodeConcurrency: number;
    /** Razorpay's key pair; when both are set payments go through Razorpay, else through the built-in test provider. */
    razorpayKeyId?: string;
    razorpayKeySecret?: string;
    /** Razorpay's API root (RAZORPAY_API_URL; a local stand-in in tests). */
    razorpayApiUrl: string;
    /**
     * The test provider's signing secret (TEST_PAYMENT_SECRET); unset, it is derived from the server's key
     * (testPaymentSecret below), so a checkout signed by one instance verifies on every other.
     */
    testPaymentSecret?: string;
    /** NODE_ENV; in `production` the test payment provider is off unless allowTestPayments. */
    nodeEnv: string;
    /** ALLOW_TEST_PAYMENTS=true: the test provider may run in production (a staging shop). */
    allowTestPayments: boolean;
    /** The largest video an upload may carry, in MB (VIDEO_MAX_MB). */
    videoMaxMb: number;
    /** The key for code digests (APP_SECRET); unset, one is generated once in DATA_DIR/secret.key. */
    appSecret?: string;
    /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none, a hop count, or addresses/CIDRs. */
    trustProxy: false | number | string[];
    /** A client must send a request's headers within this (HEADERS_TIMEOUT_MS). */
    headersTimeoutMs: number;
    /** …and a body (other than a file upload) within this of its start (REQUEST_TIMEOUT_MS). */
    requestTimeoutMs: number;
    /** …and an upload within this (UPLOAD_TIMEOUT_MS); the hard limit for any request. */
    uploadTimeoutMs: number;
    /**
     * How long an instance's claim on a queued mail lasts while it sends (MAIL_LEASE_MS, renewed as it goes):
     * a killed instance's mail is taken over by another once it lapses.
     */
    mailLeaseMs: number;
    /** Origins (scheme://host[:port]) whose pages may call the API from the browser (ALLOWED_ORIGINS); none by default. */
    allowedOrigins: string[];
    /** A connection silent this long is closed (IDLE_TIMEOUT_MS). */
    idleTimeoutMs: number;
    /** A kept-alive connection waits this long for the next request (KEEP_ALIVE_TIMEOUT_MS). */
    keepAliveTimeoutMs: number;
    /** How long a stop (SIGTERM) may take to finish what is in flight before the process exits 1 (SHUTDOWN_TIMEOUT_MS). */
    shutdownTimeoutMs: number;
    /** An S3-compatible bucket for every stored file (S3_BUCKET); unset, files stay under DATA_DIR. */
    s3Bucket?: string;
    /** The bucket service's URL (S3_ENDPOINT) for a store other than AWS (MinIO, R2…). */
    s3Endpoint?: string;
    /** S3_REGION; us-east-1 when unset, which most S3-compatible stores accept. */
    s3Region: string;
    /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset, the SDK's own chain (environment, instance role) applies. */
    s3AccessKeyId?: string;
    s3SecretAccessKey?: string;
    /** S3_FORCE_PATH_STYLE=true: bucket in the path rather than the host name (most self-hosted stores). */
    s3ForcePathStyle: boolean;
    /** A Redis server for the rate limits' counts (REDIS_URL); unset, they are counted in the database. */
    redisUrl?: string;
    /** What the limits' Redis keys start with (REDIS_KEY_PREFIX), so several shops can share one server. */
    redisKeyPrefix: string;
    /**
     * WEBHOOKS_ALLOW_LOCAL=true: webhook endpoints may be on this machine (http://127.0.0.1, localhost) or a private
     * network even in production (a staging shop); outside production they always may.
     */
    webhooksAllowLocal: boolean;
    /** A webhook endpoint must answer within this (WEBHOOK_TIMEOUT_MS), or the delivery is tried again later. */
    webhookTimeoutMs: number;
    /** Webhook deliveries one instance posts at once (WEBHOOK_LANES). */
    webhookLanes: number;
    /** Deliveries in flight at once to one endpoint, over all instances (WEBHOOK_ENDPOINT_LANES): all a slow one can hold. */
    webhookEndpointLanes: number;
    /**
     * Whether lists read through their cache layer (LIST_CACHE; `off` reads every list call from the database,
     * nothing kept: server/engine/list/index.ts). The answers are the same either way.
     */
    listCache: boolean;
    /** Rows of list answers each list keeps to answer again while its tables stand still (LIST_KEPT_ROWS; 0 keeps none). */
    listKeptRows: number;
    /**
     * Megabytes of records' JSON each list keeps by row version (LIST_KEPT_RECORDS_MB; 0 keeps none): a page not
     * kept whole reads again only the rows written since, and one write costs one row, not every page.
     */
    listKeptRecordsMb: number;
    /**
     * Rows of lists' whole orders, tables' row versions, filtered columns' values and filtered lists' marks kept in
     * memory, each up to this many (LIST_KEPT_ORDER_ROWS; 0 keeps none): a list read deeply answers any page without
     * a statement of its own (server/engine/list/cache/keptOrders.ts, derivedOrders.ts).
     */
    listKeptOrderRows: number;
    /**
     * Megabytes of pages SQLite keeps in memory for the server's connection (SQLITE_CACHE_MB; its own default is
     * 2): with less than a list's sort indexes and row versions, a page read goes to the file for each of them.
     */
    sqliteCacheMb: number;
    /** Readiness fails when DATA_DIR's file system has less free space than this, in MB (MIN_FREE_DISK_MB). */
    minFreeDiskMb: number;
    /** A bearer token that may read /api/metrics without a session (METRICS_TOKEN), for a Prometheus scraper. */
    metricsToken?: string;
}

/** proxy-addr's names for whole ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (part: string) => {
    if (NAMED_RANGES.has(part)) return true;
    const [address, prefix, ...rest] = part.split('/');
    const version = isIP(address);
    if (!version || rest.length) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset or false, a number of hops, or comma-separated proxy addresses and CIDR ranges.
 * `true` is refused: it believes the left-most X-Forwarded-For entry, which the client writes itself,
 * so a made-up address per request would pass every rate limit. With hops or addresses, request.ip is
 * the address the nearest trusted proxy saw.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
    const text = (value ?? '').trim();
    if (!text || text === 'false' || text === '0') return false;
    if (text === 'true') {
        throw new Error(
            'TRUST_PROXY=true would believe any X-Forwarded-For a client sends, so anyone could pick an address per request and pass every rate limit. ' +
                'Give the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.5,10.0.1.0/24).',
        );
    }
    if (/^\d+$/.test(text)) return Number(text);
    const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
    const wrong = parts.filter((part) => !isProxyAddress(part));
    if (wrong.length) {
        throw new Error(`TRUST_PROXY: "${wrong.join('", "')}" is not a number of hops, an IP address or a CIDR range such as 10.0.1.0/24`);
    }
    return parts;
}

const onOff = (env: Env, name: string, fallback: boolean) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off`);
    return value === 'on';
};

const milliseconds = (env: Env, name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of milliseconds`);
    return value;
};

const count = (env: Env, name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number from 0`);
    return value;
};

const positive = (env: Env, name: string, fallback: number) => {
    const value = count(env, name, fallback);
    if (value < 1) throw new Error(`${name} must be a whole number from 1`);
    return value;
};

type Env = Record<string, string | undefined>;

/**
 * ALLOWED_ORIGINS: comma-separated origins such as `https://admin.example.com`, compared exactly as browsers
 * send them (no path, no trailing slash; a slash left at the end is dropped). Anything else is refused at start.
 */
export function parseAllowedOrigins(value: string | undefined): string[] {
    const origins = (value ?? '')
        .split(',')
        .map((part) => part.trim().replace(/\/+$/, ''))
        .filter(Boolean);
    for (const origin of origins) {
        let url: URL | undefined;
        try {
            url = new URL(origin);
        } catch {
            url = undefined;
        }
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
            throw new Error(`ALLOWED_ORIGINS: "${origin}" is not an origin such as https://admin.example.com`);
        }
    }
    return origins;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
    const port = Number(env.PORT ?? 3000);
    const config: Config = {
        port,
        host: env.HOST ?? '0.0.0.0',
        dataDir: path.resolve(env.DATA_DIR ?? './data'),
        databaseUrl: env.DATABASE_URL || undefined,
        dbPoolMax: env.DB_POOL_MAX ? Number(env.DB_POOL_MAX) : undefined,
        dbStatementTimeoutMs: milliseconds(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000),
        smtpUrl: env.SMTP_URL || undefined,
        mailFrom: env.MAIL_FROM ?? 'Grocer Back-office <no-reply@localhost>',
        adminEmail: (env.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase(),
        seedDemo: env.SEED_DEMO !== 'false',
        publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
        appDir: path.resolve(env.APP_DIR ?? './dist'),
        logLevel: env.LOG_LEVEL ?? 'info',
        authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 30),
        authLockoutMs: milliseconds(env, 'AUTH_LOCKOUT_MS', 15 * 60_000),
        orderRateLimit: Number(env.ORDER_RATE_LIMIT ?? 20),
        pictureRateLimit: positive(env, 'PICTURE_RATE_LIMIT', 10),
        imageDecodeConcurrency: positive(env, 'IMAGE_DECODE_CONCURRENCY', 2),
        razorpayKeyId: env.RAZORPAY_KEY_ID || undefined,
        razorpayKeySecret: env.RAZORPAY_KEY_SECRET || undefined,
        razorpayApiUrl: (env.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/+$/, ''),
        testPaymentSecret: env.TEST_PAYMENT_SECRET || undefined,
        nodeEnv: env.NODE_ENV || 'development',
        allowTestPayments: env.ALLOW_TEST_PAYMENTS === 'true',
        videoMaxMb: Number(env.VIDEO_MAX_MB ?? 1024),
        appSecret: env.APP_SECRET || undefined,
        trustProxy: parseTrustProxy(env.TRUST_PROXY),
        headersTimeoutMs: milliseconds(env, 'HEADERS_TIMEOUT_MS', 20_000),
        requestTimeoutMs: milliseconds(env, 'REQUEST_TIMEOUT_MS', 30_000),
        uploadTimeoutMs: milliseconds(env, 'UPLOAD_TIMEOUT_MS', 30 * 60_000),
        mailLeaseMs: milliseconds(env, 'MAIL_LEASE_MS', 3 * 60_000),
        allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
        idleTimeoutMs: milliseconds(env, 'IDLE_TIMEOUT_MS', 60_000),
        keepAliveTimeoutMs: milliseconds(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
        shutdownTimeoutMs: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
        s3Bucket: env.S3_BUCKET || undefined,
        s3Endpoint: env.S3_ENDPOINT || undefined,
        s3Region: env.S3_REGION || 'us-east-1',
        s3AccessKeyId: env.S3_ACCESS_KEY_ID || undefined,
        s3SecretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        redisUrl: env.REDIS_URL || undefined,
        redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'grocer:limits:',
        webhooksAllowLocal: env.WEBHOOKS_ALLOW_LOCAL === 'true',
        webhookTimeoutMs: milliseconds(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
        webhookLanes: count(env, 'WEBHOOK_LANES', 16),
        webhookEndpointLanes: count(env, 'WEBHOOK_ENDPOINT_LANES', 2),
        listCache: onOff(env, 'LIST_CACHE', true),
        listKeptRows: count(env, 'LIST_KEPT_ROWS', 2_000),
        listKeptRecordsMb: count(env, 'LIST_KEPT_RECORDS_MB', 64),
        listKeptOrderRows: count(env, 'LIST_KEPT_ORDER_ROWS', 2_000_000),
        sqliteCacheMb: count(env, 'SQLITE_CACHE_MB', 64),
        minFreeDiskMb: count(env, 'MIN_FREE_DISK_MB', 200),
        metricsToken: env.METRICS_TOKEN || undefined,
        ...overrides,
    };
    if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
        throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
    }
    if (!Number.isFinite(config.videoMaxMb) || config.videoMaxMb <= 0) {
        throw new Error('VIDEO_MAX_MB must be a positive number of megabytes');
    }
    if (!config.s3AccessKeyId !== !config.s3SecretAccessKey) {
        throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the SDK\'s own credentials');
    }
    if (config.webhookLanes < 1 || config.webhookEndpointLanes < 1) {
        throw new Error('WEBHOOK_LANES and WEBHOOK_ENDPOINT_LANES must be 1 or more: with none, no webhook is ever posted');
    }
    if (config.metricsToken !== undefined && config.metricsToken.length < 16) {
        throw new Error('METRICS_TOKEN must be at least 16 characters (for example the output of `openssl rand -hex 32`)');
    }
    return config;
}
