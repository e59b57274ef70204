import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { listV2Paging } from './s3-list-paging';
import { postPolicyGuard } from './s3-post-policy';

/** Bucket names of the local stack (CDK names the real ones). */
export const LOCAL_BUCKETS = {
  uploads: 'analyticowl-uploads',
  lake: 'analyticowl-lake',
  reports: 'analyticowl-reports',
  media: 'analyticowl-media',
} as const;

/** An S3 notification record as s3rver emits it (key NOT URL-encoded, unlike AWS). */
export interface S3rverRecord {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } };
}

/** s3rver as the stack runs it. */
export interface LocalS3 {
  endpoint: string;
  port: number;
  /** Folder holding a bucket's objects as `<key>._S3rver_object` (DuckDB reads the lake here). */
  bucketDir(bucket: string): string;
  stop(): Promise<void>;
}

/**
 * The uploads bucket's CORS: browsers POST presigned uploads from the gateway's origin (and the
 * Vite dev server's), sending Content-Type and any x-amz-* headers create_upload asks for.
 */
export function uploadsCorsXml(origins: readonly string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n  ');
  return `<CORSConfiguration>\n  ${rules}\n</CORSConfiguration>`;
}

/**
 * Starts s3rver@3.7.1 in-process on 127.0.0.1, storing objects under `<dir>` (kept across
 * restarts), with the three buckets; `onRecord` receives every object event (errors it throws
 * are the caller's to catch). Clients must use the S3RVER/S3RVER key pair and path-style URLs.
 * @param port preferred port; 0 or a busy port means any free one.
 */
export async function startS3(opts: {
  dir: string;
  port?: number;
  corsOrigins: readonly string[];
  onRecord: (record: S3rverRecord) => void;
  log: (line: string) => void;
}): Promise<LocalS3> {
  const directory = resolve(opts.dir);
  mkdirSync(directory, { recursive: true });
  const make = (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [
        { name: LOCAL_BUCKETS.uploads, configs: [uploadsCorsXml(opts.corsOrigins)] },
        { name: LOCAL_BUCKETS.lake },
        { name: LOCAL_BUCKETS.reports },
        // Creatives' media: the browser PUTs presigned uploads and plays signed GETs from here.
        { name: LOCAL_BUCKETS.media, configs: [uploadsCorsXml(opts.corsOrigins)] },
      ],
    });
    // s3rver stores browser POSTs without reading their policy; S3 checks it (size, key, expiry).
    server.middleware.unshift(
      postPolicyGuard({ bucket: LOCAL_BUCKETS.uploads, secretAccessKey: 'S3RVER' }),
    );
    // Listings of more than 1,000 keys (s3rver's V2 paging needs DES, which Node lacks).
    server.middleware.unshift(listV2Paging());
    return server;
  };
  let server = make(opts.port ?? 0);
  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    server = make(0);
    address = await server.run();
  }
  server.on('event', (event: { Records?: S3rverRecord[] }) => {
    for (const record of event.Records ?? []) opts.onRecord(record);
  });
  const endpoint = `http://127.0.0.1:${address.port}`;
  opts.log(`s3rver on ${endpoint} (objects in ${directory})`);
  return {
    endpoint,
    port: address.port,
    bucketDir: (bucket) => join(directory, bucket),
    stop: async () => {
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
    },
  };
}
