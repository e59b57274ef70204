import { createHmac } from 'node:crypto';
import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  NotFound,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { UploadStore } from '../core/ports';

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** `20260105T120000Z` and `20260105` of an instant (SigV4's date formats). */
function amzDates(now: Date): { stamp: string; day: string } {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { stamp, day: stamp.slice(0, 8) };
}

/**
 * The SigV4 signature of a base64 POST policy: HMAC-SHA256 of the policy with the key derived
 * from the secret for `day` (YYYYMMDD), region and service, hex.
 */
export function postPolicySignature(
  encodedPolicy: string,
  secretAccessKey: string,
  day: string,
  region: string,
  service = 's3',
): string {
  const signingKey = [service, 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${secretAccessKey}`, day), region),
  );
  return hmac(signingKey, encodedPolicy).toString('hex');
}

/**
 * A SigV4 presigned POST policy (S3's "browser-based upload using HTTP POST"): the base64 JSON
 * policy is signed with the key derived from `secretAccessKey` for `day`/`region`/s3, as in
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-post-example.html.
 * @returns the form fields the browser sends before the file.
 */
export function signPostPolicy(opts: {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresS: number;
  now: Date;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}): Record<string, string> {
  const { stamp, day } = amzDates(opts.now);
  const credential = `${opts.credentials.accessKeyId}/${day}/${opts.region}/s3/aws4_request`;
  const token = opts.credentials.sessionToken;
  const fields: Record<string, string> = {
    key: opts.key,
    'Content-Type': opts.contentType,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': stamp,
    ...(token ? { 'X-Amz-Security-Token': token } : {}),
  };
  const policy = {
    expiration: new Date(opts.now.getTime() + opts.expiresS * 1000).toISOString(),
    conditions: [
      { bucket: opts.bucket },
      ['content-length-range', 1, opts.maxBytes],
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  const signature = postPolicySignature(
    encoded,
    opts.credentials.secretAccessKey,
    day,
    opts.region,
  );
  return { ...fields, Policy: encoded, 'X-Amz-Signature': signature };
}

/**
 * UploadStore on the uploads bucket (s3rver locally): presigned POSTs whose policy caps the
 * size, streamed reads with the object's size, and announcing an object again (a retry).
 */
export class S3Uploads implements UploadStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async presignPost(key: string, contentType: string, maxBytes: number, expiresS: number) {
    const credentials = await this.s3.config.credentials();
    const region = await this.s3.config.region();
    const fields = signPostPolicy({
      bucket: this.bucket,
      key,
      contentType,
      maxBytes,
      expiresS,
      now: this.now(),
      region,
      credentials,
    });
    return { url: await this.bucketUrl(key), fields };
  }

  async read(key: string) {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!out.Body) throw new Error(`Upload ${key} has no body.`);
    return {
      bytes: out.ContentLength ?? 0,
      body: out.Body as unknown as AsyncIterable<Uint8Array>,
    };
  }

  async announce(key: string): Promise<boolean> {
    let head: HeadObjectCommandOutput;
    try {
      head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
      if (error instanceof NotFound || status?.httpStatusCode === 404) return false;
      throw error;
    }
    // A copy onto itself with new metadata is a new object-created event for the same bytes.
    await this.s3.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: key,
        CopySource: encodeURI(`${this.bucket}/${key}`),
        MetadataDirective: 'REPLACE',
        ContentType: head.ContentType,
        Metadata: { ...head.Metadata, 'announced-at': this.now().toISOString() },
      }),
    );
    return true;
  }

  /**
   * The bucket's URL as this client addresses it (path-style locally, virtual-hosted in AWS): a
   * presigned GET of `key` without the key and the query.
   */
  private async bucketUrl(key: string): Promise<string> {
    const get = new URL(
      await getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
        expiresIn: 60,
      }),
    );
    const path = get.pathname;
    const keyPath = `/${key.split('/').map(encodeURIComponent).join('/')}`;
    const base = path.endsWith(keyPath) ? path.slice(0, -keyPath.length) : path;
    return `${get.origin}${base}/`;
  }
}
