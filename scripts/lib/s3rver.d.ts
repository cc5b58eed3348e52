// The S3 stand-in ships no types; this is the little of it the storage tests use.
declare module '@20minutes/s3rver' {
    import type { Server } from 'node:http';
    import type { AddressInfo } from 'node:net';

    interface S3rverOptions {
        address?: string;
        port?: number;
        silent?: boolean;
        directory?: string;
        allowMismatchedSignatures?: boolean;
        configureBuckets?: Array<{ name: string }>;
    }

    export default class S3rver {
        constructor(options: S3rverOptions);
        httpServer: Server;
        run(): Promise<AddressInfo>;
        close(): Promise<void>;
    }
}
