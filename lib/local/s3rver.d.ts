/** Minimal types for s3rver@3.7.1 (it ships none); only what lib/local/s3.ts uses. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Set by run(). */
    httpServer?: Server;
    /** Koa's middleware list (s3rver is a Koa app); composed when run() starts listening. */
    middleware: unknown[];
  }

  export default S3rver;
}
